//! Serving a site whose people sign in to a cloud: `storage: { kind: cloud }` with
//! `cloud: { project, url }` (the project's repository through the cloud), or `git` storage with
//! `cloud.signIn: required` (the site's own repository, guarded by the cloud's people and roles),
//! or `local` (or `git`) storage with `cloud.project`, where signing in is optional (for the
//! cloud's images); and the sealed cookies their tokens live in.

use std::collections::HashMap;
use std::sync::Arc;

use content::config::{CloudConfig, CloudStorage};
use server::{Sealer, SignIn};
use storage::Storage;
use storage_cloud::Cloud;

/// The sign-in for a site on `cloud` storage: people edit the project's repository through the
/// cloud.
pub fn sign_in(
    storage: &CloudStorage,
    cloud: &CloudConfig,
    settings: &HashMap<String, String>,
    public_url: Option<String>,
) -> anyhow::Result<SignIn> {
    let accounts = Cloud::new(&cloud.url, &cloud.project, storage.path_prefix.clone());
    signing_in(accounts, cloud, settings, public_url)
}

/// The sign-in for a site whose own storage (`git`) the cloud's people guard.
pub fn guarding(
    storage: Arc<dyn Storage>,
    cloud: &CloudConfig,
    settings: &HashMap<String, String>,
    public_url: Option<String>,
) -> anyhow::Result<SignIn> {
    let accounts = Cloud::guarding(&cloud.url, &cloud.project, storage);
    signing_in(accounts, cloud, settings, public_url)
}

/// The sign-in a site whose content is its own offers, for what of the cloud needs no repository.
pub fn offered(
    cloud: &CloudConfig,
    settings: &HashMap<String, String>,
    public_url: Option<String>,
) -> anyhow::Result<SignIn> {
    let accounts = Cloud::new(&cloud.url, &cloud.project, None);
    signing_in(accounts, cloud, settings, public_url)
}

fn signing_in(
    accounts: Cloud,
    cloud: &CloudConfig,
    settings: &HashMap<String, String>,
    public_url: Option<String>,
) -> anyhow::Result<SignIn> {
    let sealer = sealer(cloud, settings)?;
    Ok(SignIn::new(Arc::new(accounts), sealer, public_url))
}

/// What sign-in cookies are sealed with: `KEYSTATIC_SECRET` when set (so they outlive a restart
/// and every instance opens them), else a key made for this start; bound to the project either
/// way, so a token of another project's site never opens here.
fn sealer(cloud: &CloudConfig, settings: &HashMap<String, String>) -> anyhow::Result<Sealer> {
    let secret = match settings.get("KEYSTATIC_SECRET").filter(|s| !s.is_empty()) {
        Some(secret) if secret.len() < server::SECRET_MIN => anyhow::bail!(
            "KEYSTATIC_SECRET must be at least {} characters long; it has {}",
            server::SECRET_MIN,
            secret.chars().count()
        ),
        Some(secret) => secret.clone(),
        None => {
            tracing::warn!(
                "KEYSTATIC_SECRET is not set: sign-ins last until this server stops, and other instances cannot open them"
            );
            let mut bytes = [0u8; 32];
            getrandom::fill(&mut bytes)?;
            bytes.iter().map(|b| format!("{b:02x}")).collect()
        }
    };
    Ok(Sealer::new(&format!("{secret}:{}", cloud.project))
        .expect("a secret of the minimum length or more"))
}
