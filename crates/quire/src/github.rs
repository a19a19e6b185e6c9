//! Serving a site whose content is on GitHub: the settings Keystatic's sites already have (from the
//! environment, or `.env` at the site's root), and the sign-in they make.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{Context, bail};
use content::config::GithubStorage;
use server::{AppCreated, Sealer, Setup, SignIn};
use storage_github::{Endpoints, Github, Repository, convert_manifest};

/// The environment, with `.env` at the site's root beneath it (the environment wins).
pub fn settings(root: &Path) -> anyhow::Result<HashMap<String, String>> {
    let mut settings = HashMap::new();
    let file = root.join(".env");
    if file.exists() {
        for item in dotenvy::from_path_iter(&file)
            .with_context(|| format!("cannot read {}", file.display()))?
        {
            let (key, value) = item.with_context(|| format!("cannot read {}", file.display()))?;
            settings.insert(key, value);
        }
    }
    settings.extend(std::env::vars());
    Ok(settings)
}

/// The settings a GitHub site cannot do without.
const NEEDED: [&str; 3] = [
    "KEYSTATIC_GITHUB_CLIENT_ID",
    "KEYSTATIC_GITHUB_CLIENT_SECRET",
    "KEYSTATIC_SECRET",
];

fn missing(settings: &HashMap<String, String>) -> Vec<String> {
    NEEDED
        .iter()
        .filter(|key| settings.get(**key).is_none_or(|v| v.is_empty()))
        .map(|key| key.to_string())
        .collect()
}

/// Whether the admin may offer to create the GitHub App: when asked (`--setup`), or when only this
/// machine can reach the server (a loopback address and no other name it answers to: behind a
/// proxy, a loopback socket is the whole internet).
pub fn may_set_up(asked: bool, listen: std::net::IpAddr, other_hosts: &[String]) -> bool {
    asked || (listen.is_loopback() && other_hosts.is_empty())
}

/// How a GitHub site starts: people sign in, or (its app's settings missing, on a server started
/// for it) the admin shows the setup that creates the app.
pub enum Start {
    SignIn(SignIn),
    Setup(Arc<dyn Setup>),
}

pub fn start(
    storage: &GithubStorage,
    root: &Path,
    public_url: Option<String>,
    may_set_up: bool,
) -> anyhow::Result<Start> {
    let settings = settings(root)?;
    let missing = missing(&settings);
    if missing.is_empty() || !may_set_up {
        return sign_in(storage, &settings, public_url).map(Start::SignIn);
    }
    Ok(Start::Setup(Arc::new(GithubSetup {
        root: root.to_path_buf(),
        storage: storage.clone(),
        endpoints: endpoints(&settings)?,
        public_url,
        missing,
    })))
}

/// The setup of a GitHub site whose app does not exist yet.
struct GithubSetup {
    root: PathBuf,
    storage: GithubStorage,
    endpoints: Endpoints,
    public_url: Option<String>,
    missing: Vec<String>,
}

impl Setup for GithubSetup {
    fn missing(&self) -> Vec<String> {
        self.missing.clone()
    }

    fn github_url(&self) -> String {
        self.endpoints.web.clone()
    }

    fn repo(&self) -> String {
        format!("{}/{}", self.storage.owner, self.storage.name)
    }

    fn public_url(&self) -> Option<String> {
        self.public_url.clone()
    }

    fn complete(&self, code: &str) -> Result<AppCreated, String> {
        let app = convert_manifest(&self.endpoints, code)?;
        let settings = settings(&self.root).map_err(|e| format!("{e:#}"))?;
        let mut lines = vec![
            format!("KEYSTATIC_GITHUB_CLIENT_ID={}", app.client_id),
            format!("KEYSTATIC_GITHUB_CLIENT_SECRET={}", app.client_secret),
            format!("PUBLIC_KEYSTATIC_GITHUB_APP_SLUG={}", app.slug),
        ];
        if settings
            .get("KEYSTATIC_SECRET")
            .is_none_or(|s| s.len() < server::SECRET_MIN)
        {
            let mut bytes = [0u8; 40];
            getrandom::fill(&mut bytes).map_err(|e| format!("no random source: {e}"))?;
            let secret: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
            lines.push(format!("KEYSTATIC_SECRET={secret}"));
        }
        append_env(&self.root.join(".env"), &lines)
            .map_err(|e| format!("cannot write the app's settings to .env: {e}"))?;
        let settings = settings_now(&self.root)?;
        let mut sign_in = sign_in(&self.storage, &settings, self.public_url.clone())
            .map_err(|e| format!("{e:#}"))?;
        sign_in.install_url.get_or_insert_with(|| {
            format!("{}/apps/{}/installations/new", self.endpoints.web, app.slug)
        });
        Ok(AppCreated {
            sign_in,
            slug: app.slug,
        })
    }
}

fn settings_now(root: &Path) -> Result<HashMap<String, String>, String> {
    settings(root).map_err(|e| format!("{e:#}"))
}

/// Adds `lines` to `.env`, which only its owner may read (it holds the app's secret).
fn append_env(path: &Path, lines: &[String]) -> std::io::Result<()> {
    use std::io::Write;
    use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
    let before = std::fs::read(path).unwrap_or_default();
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .mode(0o600)
        .open(path)?;
    file.set_permissions(std::fs::Permissions::from_mode(0o600))?;
    let mut text = String::new();
    if !before.is_empty() && !before.ends_with(b"\n") {
        text.push('\n');
    }
    text.push_str("# The GitHub App Quire's setup created\n");
    for line in lines {
        text.push_str(line);
        text.push('\n');
    }
    file.write_all(text.as_bytes())?;
    file.sync_all()
}

/// Where GitHub is for this site.
fn endpoints(settings: &HashMap<String, String>) -> anyhow::Result<Endpoints> {
    let get = |key: &str| settings.get(key).filter(|v| !v.is_empty()).cloned();
    let mut endpoints = Endpoints::github_com();
    if let Some(web) = get("QUIRE_GITHUB_URL") {
        endpoints.web = checked_url("QUIRE_GITHUB_URL", &web)?;
    }
    if let Some(api) = get("QUIRE_GITHUB_API_URL") {
        endpoints.api = checked_url("QUIRE_GITHUB_API_URL", &api)?;
    }
    Ok(endpoints)
}

/// The sign-in for `storage`, or why it cannot be made.
pub fn sign_in(
    storage: &GithubStorage,
    settings: &HashMap<String, String>,
    public_url: Option<String>,
) -> anyhow::Result<SignIn> {
    let get = |key: &str| settings.get(key).filter(|v| !v.is_empty()).cloned();
    let missing = missing(settings);
    if !missing.is_empty() {
        bail!(
            "storage: github needs the GitHub App's settings, in the environment or in .env at the site's root; missing: {} (or serve on a loopback address, or with --setup, to create the app from the admin)",
            missing.join(", ")
        );
    }
    let secret = get("KEYSTATIC_SECRET").unwrap_or_default();
    let Some(sealer) = Sealer::new(&secret) else {
        bail!(
            "KEYSTATIC_SECRET must be at least {} characters long; it has {}",
            server::SECRET_MIN,
            secret.chars().count()
        );
    };
    let endpoints = endpoints(settings)?;
    let web = endpoints.web.clone();
    let github = Github::new(
        endpoints,
        get("KEYSTATIC_GITHUB_CLIENT_ID").unwrap_or_default(),
        get("KEYSTATIC_GITHUB_CLIENT_SECRET").unwrap_or_default(),
        Repository {
            owner: storage.owner.clone(),
            name: storage.name.clone(),
            path_prefix: storage.path_prefix.clone(),
        },
    );
    let mut sign_in = SignIn::new(Arc::new(github), sealer, public_url);
    sign_in.allow = storage.allow.clone();
    // Keystatic's names for the app's slug, in Astro's and Next's spellings.
    let slug = get("PUBLIC_KEYSTATIC_GITHUB_APP_SLUG")
        .or_else(|| get("NEXT_PUBLIC_KEYSTATIC_GITHUB_APP_SLUG"));
    sign_in.install_url = slug.map(|slug| format!("{web}/apps/{slug}/installations/new"));
    Ok(sign_in)
}

/// An http(s) URL without a trailing slash.
pub fn checked_url(what: &str, text: &str) -> anyhow::Result<String> {
    let url = url::Url::parse(text).with_context(|| format!("{what}: {text} is not a URL"))?;
    if !matches!(url.scheme(), "http" | "https") || url.host_str().is_none() {
        bail!("{what}: {text} is not an http or https URL");
    }
    Ok(text.trim_end_matches('/').to_string())
}

/// The `Host` a public URL is reached by (`cms.example.com`, or `name:port`).
pub fn public_host(url: &str) -> Option<String> {
    let url = url::Url::parse(url).ok()?;
    let host = url.host_str()?;
    Some(match url.port() {
        Some(port) => format!("{host}:{port}"),
        None => host.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::may_set_up;

    #[test]
    fn only_a_server_this_machine_alone_reaches_offers_the_setup_unasked() {
        let loopback = "127.0.0.1".parse().unwrap();
        assert!(may_set_up(false, loopback, &[]));
        assert!(!may_set_up(false, loopback, &["cms.example.com".into()]));
        assert!(!may_set_up(false, "0.0.0.0".parse().unwrap(), &[]));
        assert!(may_set_up(
            true,
            "0.0.0.0".parse().unwrap(),
            &["cms.example.com".into()]
        ));
    }
}
