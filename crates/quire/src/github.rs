//! Serving a site whose content is on GitHub: the settings Keystatic's sites already have (from the
//! environment, or `.env` at the site's root), and the sign-in they make.

use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

use anyhow::{Context, bail};
use content::config::GithubStorage;
use server::{Sealer, SignIn};
use storage_github::{Endpoints, Github, Repository};

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

/// The sign-in for `storage`, or why it cannot be made.
pub fn sign_in(
    storage: &GithubStorage,
    settings: &HashMap<String, String>,
    public_url: Option<String>,
) -> anyhow::Result<SignIn> {
    let get = |key: &str| settings.get(key).filter(|v| !v.is_empty()).cloned();
    let needed = [
        "KEYSTATIC_GITHUB_CLIENT_ID",
        "KEYSTATIC_GITHUB_CLIENT_SECRET",
        "KEYSTATIC_SECRET",
    ];
    let missing: Vec<&str> = needed.into_iter().filter(|k| get(k).is_none()).collect();
    if !missing.is_empty() {
        bail!(
            "storage: github needs the GitHub App's settings, in the environment or in .env at the site's root; missing: {}",
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
    let mut endpoints = Endpoints::github_com();
    if let Some(web) = get("QUIRE_GITHUB_URL") {
        endpoints.web = checked_url("QUIRE_GITHUB_URL", &web)?;
    }
    if let Some(api) = get("QUIRE_GITHUB_API_URL") {
        endpoints.api = checked_url("QUIRE_GITHUB_API_URL", &api)?;
    }
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
