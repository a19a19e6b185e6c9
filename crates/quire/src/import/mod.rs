//! `quire import`: writes the `quire.yaml` equivalent to a site's Keystatic config. The config is
//! code, so Node evaluates it (`loader.mjs`, with the site's own `@keystatic/core` and esbuild);
//! the result is checked as `quire check` checks a site (the config, then every entry under it, as
//! the files on disk hold them; an entry that opens with a notice is said rather than refused)
//! before anything is written, and nothing but `quire.yaml` is written into the site.
//!
//! `walk.mjs` turns the evaluated config into quire.yaml's structure, translating the functions it
//! has rules for, and `yaml.mjs` writes it. A site without an esbuild of its own gets one fetched
//! once into Quire's cache.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, bail};
use content::body::Severity;

/// Keystatic's config file names, in the order they are looked for.
const CONFIG_NAMES: &[&str] = &[
    "keystatic.config.ts",
    "keystatic.config.tsx",
    "keystatic.config.mts",
    "keystatic.config.js",
    "keystatic.config.jsx",
    "keystatic.config.mjs",
];

/// The Node side, written to a temporary folder for each run.
const LOADER: &[(&str, &str)] = &[
    ("loader.mjs", include_str!("loader.mjs")),
    ("walk.mjs", include_str!("walk.mjs")),
    ("yaml.mjs", include_str!("yaml.mjs")),
];

/// What the Node side answers.
#[derive(serde::Deserialize)]
struct Imported {
    yaml: String,
    notes: Vec<String>,
}

/// The site's Keystatic config file: `config` (relative to `root`), or the first of Keystatic's
/// names found in `root`.
fn config_file(root: &Path, config: Option<&Path>) -> anyhow::Result<PathBuf> {
    if let Some(config) = config {
        let path = root.join(config);
        if !path.is_file() {
            bail!("{} does not exist", path.display());
        }
        return Ok(path);
    }
    find_keystatic_config(root).with_context(|| {
        format!(
            "no Keystatic config in {} (looked for {}); name it with --config",
            root.display(),
            CONFIG_NAMES.join(", ")
        )
    })
}

/// The first of Keystatic's config file names found in `root`.
pub fn find_keystatic_config(root: &Path) -> Option<PathBuf> {
    CONFIG_NAMES
        .iter()
        .map(|name| root.join(name))
        .find(|path| path.is_file())
}

/// How the loader learns the storage `--storage` names.
const STORAGE_VARIABLE: &str = "QUIRE_IMPORT_STORAGE";

/// The esbuild fetched for sites that have none, as npx would fetch it.
const ESBUILD: &str = "esbuild@0.25";

/// Evaluates `config` with Node, with the packages of the site at `root`; answers the YAML and what
/// could not be carried over.
fn evaluate(root: &Path, config: &Path, env: &HashMap<String, String>) -> anyhow::Result<Imported> {
    // A fresh folder only this user may enter (made anew, never one found there): nobody else can
    // plant a link in it or swap the loader before Node runs it.
    let temporary = tempfile::Builder::new()
        .prefix("quire-import-")
        .permissions(std::os::unix::fs::PermissionsExt::from_mode(0o700))
        .tempdir()
        .context("cannot create a temporary folder for the loader")?;
    let folder = temporary.path();
    let result = (|| {
        for (name, text) in LOADER {
            std::fs::write(folder.join(name), text)?;
        }
        let run = |esbuild: Option<&Path>| {
            let mut node = Command::new("node");
            node.arg(folder.join("loader.mjs"))
                .arg(config)
                .arg(root)
                .envs(env);
            if let Some(esbuild) = esbuild {
                node.env("QUIRE_ESBUILD", esbuild);
            }
            node.output().context(
                "cannot run node, which evaluates the Keystatic config: is Node installed?",
            )
        };
        let mut output = run(None)?;
        if output.status.code() == Some(3) {
            let esbuild = fetch_esbuild()?;
            output = run(Some(&esbuild))?;
        }
        if !output.status.success() {
            bail!("{}", String::from_utf8_lossy(&output.stderr).trim());
        }
        serde_json::from_slice(&output.stdout)
            .context("node answered something other than the import")
    })();
    drop(temporary);
    result
}

/// esbuild for a site that has none: fetched once with npm into Quire's cache (as npx fetches a
/// package), never into the site. Answers the package's folder.
fn fetch_esbuild() -> anyhow::Result<PathBuf> {
    let cache = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".cache")))
        .context("no cache folder (HOME is not set) to fetch esbuild into")?
        .join("quire/esbuild");
    let package = cache.join("node_modules/esbuild");
    if package.join("package.json").is_file() {
        return Ok(package);
    }
    println!(
        "The site has no esbuild: fetching {ESBUILD} with npm into {}",
        cache.display()
    );
    std::fs::create_dir_all(&cache)
        .with_context(|| format!("cannot create {}", cache.display()))?;
    let status = Command::new("npm")
        .args([
            "install",
            "--no-save",
            "--no-audit",
            "--no-fund",
            "--loglevel=error",
            "--prefix",
        ])
        .arg(&cache)
        .arg(ESBUILD)
        .status()
        .context("cannot run npm to fetch esbuild: is npm installed?")?;
    if !status.success() || !package.join("package.json").is_file() {
        bail!(
            "npm could not fetch {ESBUILD}; install esbuild in the site (npm install --save-dev esbuild) and run quire import again"
        );
    }
    Ok(package)
}

/// How to import: `quire import`'s options beside the root.
pub struct Options<'a> {
    pub config: Option<&'a Path>,
    pub out: Option<&'a Path>,
    pub force: bool,
    /// Environment variables the config reads, beside the environment and the site's `.env`.
    pub env: &'a [(String, String)],
    /// The storage to write, whatever the config chose.
    pub storage: Option<StorageChoice>,
}

/// A storage kind `--storage` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum StorageChoice {
    Local,
    Git,
    Github,
}

impl StorageChoice {
    fn name(self) -> &'static str {
        match self {
            StorageChoice::Local => "local",
            StorageChoice::Git => "git",
            StorageChoice::Github => "github",
        }
    }
}

/// `KEY=VALUE`, as `--env` takes it.
pub fn env_pair(text: &str) -> Result<(String, String), String> {
    match text.split_once('=') {
        Some((key, value)) if !key.is_empty() && !key.contains(char::is_whitespace) => {
            Ok((key.to_string(), value.to_string()))
        }
        _ => Err(format!("{text:?} is not KEY=VALUE")),
    }
}

pub fn import(root: &Path, options: &Options) -> anyhow::Result<()> {
    let out = options
        .out
        .map_or_else(|| root.join(super::CONFIG_FILE), |out| root.join(out));
    if out.exists() && !options.force {
        bail!("{} exists; --force replaces it", out.display());
    }
    let config = config_file(root, options.config)?;
    println!(
        "Evaluating {} with Node: this runs the site's code and packages",
        config.display()
    );
    // As the site's host would run it: its .env beneath the environment, --env above both.
    let mut env = super::github::settings(root)?;
    env.extend(options.env.iter().cloned());
    if let Some(storage) = options.storage {
        env.insert(STORAGE_VARIABLE.into(), storage.name().into());
    }
    let imported = evaluate(root, &config, &env)?;
    let shown = out.display().to_string();
    let parsed = content::config::parse(&imported.yaml).map_err(|errors| {
        anyhow::anyhow!(
            "the imported config is not valid, so it was not written:\n{}\n\n{}",
            errors.render(&shown),
            imported.yaml
        )
    })?;
    // The entries as the site has them on disk (whatever the storage kind). Entries that would
    // not open block the import; notices (what opens, kept as written, as with any config) are
    // said after it.
    let files = storage_fs::FsStorage::new(root);
    let (refused, notices): (Vec<_>, Vec<_>) = super::content_problems(&files, &parsed)?
        .into_iter()
        .partition(|problem| problem.severity == Severity::Refused);
    if !refused.is_empty() {
        let lines: Vec<String> = refused.iter().map(ToString::to_string).collect();
        bail!(
            "the site's content does not pass the imported config, so it was not written:\n{}",
            lines.join("\n")
        );
    }
    let staged = out.with_extension("yaml.importing");
    std::fs::write(&staged, &imported.yaml)
        .with_context(|| format!("cannot write {}", staged.display()))?;
    std::fs::rename(&staged, &out).with_context(|| format!("cannot write {shown}"))?;
    for note in &imported.notes {
        println!("note: {note}");
    }
    for notice in &notices {
        println!("notice: {notice}");
    }
    println!("Wrote {shown}");
    Ok(())
}
