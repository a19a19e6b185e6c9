//! Collaboration rooms shared by a site's servers through Redis (`QUIRE_REDIS_URL`): the site's own
//! channel, and the secret its servers seal their messages with.

use std::collections::HashMap;
use std::path::Path;

use anyhow::bail;
use content::config::{Config, StorageKind};
use sha2::{Digest, Sha256};

/// The shortest secret taken, as for `KEYSTATIC_SECRET`.
const SECRET_MIN: usize = 32;

/// The channel of the site: `QUIRE_REDIS_CHANNEL`, else one named after what the site is (its
/// GitHub repository, or the folder of its repository or content), so that sites sharing a Redis
/// (whose pub/sub ignores the database number) never share rooms.
pub fn channel(
    settings: &HashMap<String, String>,
    config: &Config,
    root: &Path,
    repo: Option<&Path>,
) -> String {
    if let Some(channel) = settings
        .get("QUIRE_REDIS_CHANNEL")
        .filter(|c| !c.is_empty())
    {
        return channel.clone();
    }
    let site = match &config.storage {
        StorageKind::Github(github) => format!(
            "github:{}/{}/{}",
            github.owner,
            github.name,
            github.path_prefix.as_deref().unwrap_or("")
        ),
        StorageKind::Cloud(cloud) => format!(
            "cloud:{}/{}/{}",
            config.cloud.as_ref().map_or("", |c| c.url.as_str()),
            config.cloud.as_ref().map_or("", |c| c.project.as_str()),
            cloud.path_prefix.as_deref().unwrap_or("")
        ),
        StorageKind::Git(_) => format!("git:{}", folder(repo.unwrap_or(root))),
        StorageKind::Local => format!("local:{}", folder(root)),
    };
    let hash = Sha256::digest(site.as_bytes());
    let short: String = hash.iter().take(8).map(|b| format!("{b:02x}")).collect();
    format!("quire:collab:{short}")
}

fn folder(path: &Path) -> String {
    std::fs::canonicalize(path)
        .unwrap_or_else(|_| path.to_path_buf())
        .display()
        .to_string()
}

/// The secret the site's servers seal their messages with: `QUIRE_REDIS_SECRET`, else one derived
/// from `KEYSTATIC_SECRET` (which a GitHub site's servers already share).
pub fn secret(settings: &HashMap<String, String>) -> anyhow::Result<Vec<u8>> {
    let get = |key: &str| settings.get(key).filter(|v| !v.is_empty());
    if let Some(secret) = get("QUIRE_REDIS_SECRET") {
        if secret.len() < SECRET_MIN {
            bail!(
                "QUIRE_REDIS_SECRET must be at least {SECRET_MIN} characters long; it has {}",
                secret.chars().count()
            );
        }
        return Ok(secret.as_bytes().to_vec());
    }
    if let Some(secret) = get("KEYSTATIC_SECRET").filter(|s| s.len() >= SECRET_MIN) {
        let mut derived = Sha256::new();
        derived.update(b"quire collaboration through Redis\0");
        derived.update(secret.as_bytes());
        return Ok(derived.finalize().to_vec());
    }
    bail!(
        "QUIRE_REDIS_URL needs QUIRE_REDIS_SECRET: at least {SECRET_MIN} random characters, the same on every server of the site (openssl rand -hex 40)"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(storage: &str) -> Config {
        content::config::parse(&format!("storage:\n{storage}\ncollections: {{}}\n")).unwrap()
    }

    #[test]
    fn each_site_has_its_own_channel_unless_told_otherwise() {
        let none = HashMap::new();
        let one = tempfile::tempdir().unwrap();
        let two = tempfile::tempdir().unwrap();
        let local = config("  kind: local");
        let a = channel(&none, &local, one.path(), None);
        assert!(a.starts_with("quire:collab:"), "{a}");
        assert_eq!(a, channel(&none, &local, one.path(), None));
        assert_ne!(a, channel(&none, &local, two.path(), None));
        let github = config("  kind: github\n  repo: acme/blog");
        let other = config("  kind: github\n  repo: acme/docs");
        assert_eq!(
            channel(&none, &github, one.path(), None),
            channel(&none, &github, two.path(), None),
            "one repository on GitHub, wherever it is served from"
        );
        assert_ne!(
            channel(&none, &github, one.path(), None),
            channel(&none, &other, one.path(), None)
        );
        let named = HashMap::from([("QUIRE_REDIS_CHANNEL".to_string(), "ours".to_string())]);
        assert_eq!(channel(&named, &local, one.path(), None), "ours");
    }

    #[test]
    fn the_secret_is_given_or_comes_from_the_sites_secret() {
        let given = HashMap::from([("QUIRE_REDIS_SECRET".to_string(), "s".repeat(40))]);
        assert_eq!(secret(&given).unwrap(), "s".repeat(40).into_bytes());
        let short = HashMap::from([("QUIRE_REDIS_SECRET".to_string(), "short".to_string())]);
        assert!(secret(&short).is_err());
        let site = HashMap::from([("KEYSTATIC_SECRET".to_string(), "k".repeat(40))]);
        let derived = secret(&site).unwrap();
        assert_eq!(derived.len(), 32);
        assert_ne!(derived, "k".repeat(40).into_bytes());
        let message = secret(&HashMap::new()).unwrap_err().to_string();
        assert!(message.contains("QUIRE_REDIS_SECRET"), "{message}");
    }
}
