//! `quire`: a git-backed content admin compatible with Keystatic.
//!
//! `serve` reads `quire.yaml` at the site's root and opens its storage: `local` the site's folder
//! (storage-fs), `git` the site's root or `--repo` (storage-git), `github` the repository as each
//! person signed in through the GitHub App sees it, the app's settings coming from the environment
//! or `.env`, or from the admin's setup while they are missing (`github.rs`, storage-github). With
//! `QUIRE_REDIS_URL`, collaboration rooms are shared on the site's own channel (`shared_rooms.rs`).
//! It binds 127.0.0.1 unless told otherwise and answers only to the hosts `hosts.rs` lists.
//! `check` reads every data file as the gate checks it and every body as the admin's editor would
//! open it; `import` writes `quire.yaml` from a Keystatic config (`import/`); `cloud` runs Quire
//! Cloud and its console commands (`cloud.rs`).

use std::io::Write;
use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::{Context, bail};
use clap::{Parser, Subcommand};

mod cloud;
mod cloud_site;
mod github;
mod hosts;
mod import;
mod shared_rooms;
use content::body::{ListedProblem, Severity};
use content::config::{Config, StorageKind};
use storage::Storage;

#[derive(Parser)]
#[command(
    name = "quire",
    version,
    about = "A fast, friendly browser admin for content kept as files in git."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the admin for a site and print its address.
    ///
    /// Reads quire.yaml at the site root, then serves the admin at /keystatic and the API at
    /// /api/keystatic. The server listens on 127.0.0.1 unless --host says otherwise.
    Serve {
        /// The site's root directory: the folder that holds quire.yaml.
        #[arg(long, default_value = ".")]
        root: PathBuf,
        /// The port to listen on (0 picks a free one).
        #[arg(long, default_value_t = 8788)]
        port: u16,
        /// The address to listen on. Anything other than a loopback address exposes the admin,
        /// without a login, to everyone who can reach this machine.
        #[arg(long, default_value = "127.0.0.1")]
        host: IpAddr,
        /// With `storage: git`, the repository to commit to, when it is not the site's root.
        #[arg(long)]
        repo: Option<PathBuf>,
        /// Another host name the admin is reached by (`cms.example.com`, or `name:port`), beside
        /// the address it listens on and, with an unspecified address, this machine's own
        /// addresses. Requests naming any other host are refused. May be given more than once.
        #[arg(long = "allow-host", value_name = "HOST")]
        allow_hosts: Vec<String>,
        /// The address people reach the admin at, behind a TLS proxy
        /// (`https://cms.example.com`): the host it answers to, where GitHub sends people back
        /// after they sign in, and whether cookies are sent over https only.
        #[arg(long = "public-url", value_name = "URL")]
        public_url: Option<String>,
        /// With `storage: github` and the GitHub App's settings missing, offer the admin's setup,
        /// which creates the app and writes its settings into .env (always offered on a loopback
        /// address).
        #[arg(long)]
        setup: bool,
    },
    /// Write quire.yaml from the site's Keystatic config (keystatic.config.ts and its kin),
    /// evaluated with Node and the site's own @keystatic/core, and checked against the site's
    /// content before it is written.
    ///
    /// This runs the site's code with your rights: the config, the modules it imports and the
    /// site's packages (@keystatic/core, esbuild). Import only sites you trust. Packages are
    /// looked for only inside the site.
    Import {
        /// The site's root directory.
        #[arg(long, default_value = ".")]
        root: PathBuf,
        /// The Keystatic config, when it is not keystatic.config.{ts,tsx,mts,js,jsx,mjs} at the root.
        #[arg(long)]
        config: Option<PathBuf>,
        /// Where to write, relative to the root (default quire.yaml).
        #[arg(long)]
        out: Option<PathBuf>,
        /// Replace the file when it exists.
        #[arg(long)]
        force: bool,
        /// An environment variable the config reads, as the site's host sets it (KEY=VALUE; may be
        /// given again). The environment and the site's .env are read too.
        #[arg(long = "env", value_name = "KEY=VALUE", value_parser = import::env_pair)]
        env: Vec<(String, String)>,
        /// The storage to write, whatever the config chose (its owner and name, say, come from an
        /// environment that is not here).
        #[arg(long, value_enum)]
        storage: Option<import::StorageChoice>,
    },
    /// Run Quire Cloud: accounts, teams, projects and roles, and the OAuth 2 sign-in that a
    /// site's admin uses (`storage: { kind: cloud }`). Prints a one-time set-up link for the
    /// first owner while no account exists.
    Cloud(Box<cloud::CloudArgs>),
    /// Check quire.yaml and every entry of the site; exits non-zero when there is a problem.
    Check {
        /// The site's root directory: the folder that holds quire.yaml.
        #[arg(long, default_value = ".")]
        root: PathBuf,
        /// With `storage: git`, the repository to read, when it is not the site's root.
        #[arg(long)]
        repo: Option<PathBuf>,
    },
}

/// What is logged unless `RUST_LOG` says otherwise. The file watcher warns when a deleted folder's
/// watch is removed twice (once for each of the two events its deletion makes): expected, not a
/// warning.
const DEFAULT_LOG: &str = "info,notify::inotify=error";

fn main() -> ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| DEFAULT_LOG.into()),
        )
        .with_writer(std::io::stderr)
        .init();
    let result = match Cli::parse().command {
        Command::Serve {
            root,
            port,
            host,
            repo,
            allow_hosts,
            public_url,
            setup,
        } => serve(
            &root,
            repo.as_deref(),
            SocketAddr::new(host, port),
            &allow_hosts,
            public_url,
            setup,
        ),
        Command::Check { root, repo } => check(&root, repo.as_deref()),
        Command::Cloud(args) => cloud::cloud(*args),
        Command::Import {
            root,
            config,
            out,
            force,
            env,
            storage,
        } => import::import(
            &root,
            &import::Options {
                config: config.as_deref(),
                out: out.as_deref(),
                force,
                env: &env,
                storage,
            },
        ),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::FAILURE
        }
    }
}

const CONFIG_FILE: &str = "quire.yaml";

fn load_config(root: &Path) -> anyhow::Result<Config> {
    let path = root.join(CONFIG_FILE);
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => anyhow::bail!(
            "{} does not exist: {}",
            path.display(),
            missing_config_hint(root)
        ),
        Err(error) => {
            return Err(error).with_context(|| format!("cannot read {}", path.display()));
        }
    };
    content::config::parse(&text)
        .map_err(|errors| anyhow::anyhow!("{}", errors.render(&path.display().to_string())))
}

/// What to do about a site without `quire.yaml`: import a Keystatic config that is there, or write one.
fn missing_config_hint(root: &Path) -> String {
    let root_arg = root.display();
    match import::find_keystatic_config(root) {
        Some(found) => format!(
            "this site has {}; `quire import --root {root_arg}` writes quire.yaml from it",
            found.file_name().unwrap_or_default().to_string_lossy()
        ),
        None => format!(
            "write one (see examples/blog/quire.yaml), or from a Keystatic site run `quire import --root {root_arg}`"
        ),
    }
}

fn serve(
    root: &Path,
    repo: Option<&Path>,
    listen: SocketAddr,
    allow_hosts: &[String],
    public_url: Option<String>,
    setup: bool,
) -> anyhow::Result<()> {
    let config = load_config(root)?;
    let public_url = public_url
        .map(|url| github::checked_url("--public-url", &url))
        .transpose()?;
    let mut allow_hosts = allow_hosts.to_vec();
    allow_hosts.extend(public_url.as_deref().and_then(github::public_host));
    // The environment, with the site's .env beneath it.
    let settings = github::settings(root)?;
    let start = match (&config.storage, &config.cloud) {
        (StorageKind::Github(storage), _) => Some(github::start(
            storage,
            root,
            public_url.clone(),
            github::may_set_up(setup, listen.ip(), &allow_hosts),
        )?),
        (StorageKind::Cloud(storage), Some(cloud)) => Some(github::Start::SignIn(
            cloud_site::sign_in(storage, cloud, &settings, public_url.clone())?,
        )),
        (StorageKind::Git(_), Some(cloud)) if cloud.sign_in_required => {
            Some(github::Start::SignIn(cloud_site::guarding(
                open_storage(root, repo, &config)?,
                cloud,
                &settings,
                public_url.clone(),
            )?))
        }
        _ => None,
    };
    // With a cloud project but content of its own, people may sign in to the cloud.
    let offered = match (&config.storage, &config.cloud) {
        (StorageKind::Local | StorageKind::Git(_), Some(cloud)) if !cloud.sign_in_required => {
            Some(cloud_site::offered(cloud, &settings, public_url.clone())?)
        }
        _ => None,
    };
    // With GitHub storage and a cloud project, people signed in with GitHub may also sign in to
    // the cloud, for its images.
    let beside = match (&config.storage, &config.cloud) {
        (StorageKind::Github(_), Some(cloud)) => {
            Some(cloud_site::offered(cloud, &settings, public_url.clone())?)
        }
        _ => None,
    };
    let redis_secret = match settings
        .get("QUIRE_REDIS_URL")
        .filter(|url| !url.is_empty())
    {
        Some(_) => shared_rooms::secret(&settings)?,
        None => Vec::new(),
    };
    let runtime = tokio::runtime::Runtime::new().context("cannot start the async runtime")?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(listen)
            .await
            .with_context(|| format!("cannot listen on {listen}"))?;
        let address = listener.local_addr()?;
        let allowed_hosts = hosts::allowed(address, &allow_hosts);
        tracing::info!("answering to the hosts {}", allowed_hosts.join(", "));
        let state = match start {
            Some(github::Start::SignIn(sign_in)) => {
                server::AppState::signed_in(config, sign_in, allowed_hosts)
            }
            Some(github::Start::Setup(setup)) => {
                server::AppState::setting_up(config, setup, allowed_hosts)
            }
            None => {
                let storage = open_storage(root, repo, &config)?;
                let state = server::AppState::new(config, storage, allowed_hosts);
                match offered {
                    Some(sign_in) => state.offering_sign_in(sign_in),
                    None => state,
                }
            }
        };
        let state = match beside {
            Some(sign_in) => state.with_cloud_beside(sign_in),
            None => state,
        };
        let state = match settings.get("QUIRE_REDIS_URL").filter(|url| !url.is_empty()) {
            Some(url) => {
                let channel = shared_rooms::channel(&settings, &state.config, root, repo);
                let hub = server::Hub::shared(
                    server::CollabSettings::default(),
                    url,
                    &channel,
                    &redis_secret,
                )
                .context("QUIRE_REDIS_URL is not a Redis URL")?;
                tracing::info!("sharing collaboration rooms through Redis (channel {channel})");
                state.with_hub(hub)
            }
            None => state,
        };
        let shown = if address.ip().is_unspecified() {
            format!("127.0.0.1:{}", address.port())
        } else {
            address.to_string()
        };
        // Whoever started the server may have stopped reading its output: it serves on.
        let mut out = std::io::stdout();
        let _ = writeln!(
            out,
            "Quire is serving {} at http://{shown}/keystatic",
            root.display()
        );
        if let Some(setup) = state.setup_address(&format!("http://{shown}")) {
            // Only whoever reads this console may create the app: the address holds a secret.
            let _ = writeln!(
                out,
                "The GitHub App's settings are missing. To create the app from the admin, open {setup} (it holds a secret made for this start: share it with no one)."
            );
        }
        let _ = out.flush();
        let app = server::router(state);
        server::serve(listener, app, server::Connections::default(), shutdown())
            .await
            .context("the server stopped")
    })
}

/// The backend the config names; a git repository is the site's root unless `repo` names another.
fn open_storage(
    root: &Path,
    repo: Option<&Path>,
    config: &Config,
) -> anyhow::Result<Arc<dyn Storage>> {
    Ok(match &config.storage {
        // `quire check` of a GitHub or cloud site reads a clone of it.
        StorageKind::Local | StorageKind::Github(_) | StorageKind::Cloud(_) => {
            Arc::new(storage_fs::FsStorage::new(root))
        }
        StorageKind::Git(git) => {
            let repo = repo.unwrap_or(root).to_path_buf();
            match storage_git::GitStorage::open(repo, git.default_branch.clone()) {
                Ok(storage) => Arc::new(
                    storage
                        .with_remote(git.remote.clone())
                        .with_protected(git.protected.clone()),
                ),
                // Serve anyway, so the admin can say what is wrong where the user looks.
                Err(err) => {
                    tracing::error!("{err}");
                    Arc::new(storage::UnavailableStorage {
                        reason: err.to_string(),
                    })
                }
            }
        }
    })
}

async fn shutdown() {
    let _ = tokio::signal::ctrl_c().await;
}

fn check(root: &Path, repo: Option<&Path>) -> anyhow::Result<()> {
    let config = load_config(root)?;
    for note in content::config::notes(&config) {
        println!("warning: {note}");
    }
    let problems = content_problems(open_storage(root, repo, &config)?.as_ref(), &config)?;
    for problem in &problems {
        println!("{problem}");
    }
    if !problems.is_empty() {
        bail!("{} problem(s) in {}", problems.len(), root.display());
    }
    println!("{}: config and content are valid", root.display());
    Ok(())
}

/// Every problem of the site's files under `config`: data files as the gate checks them, bodies as
/// the admin's editor would open them (with notices: what opens, kept as written).
fn content_problems(storage: &dyn Storage, config: &Config) -> anyhow::Result<Vec<ListedProblem>> {
    let tree = storage.tree(None)?;
    let mut problems = Vec::new();
    for entry in tree.iter().filter(|e| e.kind == storage::EntryKind::Blob) {
        let Some(role) = content::paths::classify(config, &entry.path) else {
            continue;
        };
        let Some(bytes) = storage.read(None, &entry.path)? else {
            continue;
        };
        problems.extend(
            content::gate::check_file(config, &entry.path, &bytes, &role)
                .into_iter()
                .map(|text| ListedProblem {
                    text,
                    severity: Severity::Refused,
                }),
        );
        // The bodies, as the admin's editor would open them.
        let read = |path: &str| storage.read(None, path).ok().flatten();
        problems.extend(content::body::check_entry_bodies(
            config,
            &entry.path,
            &bytes,
            &role,
            &read,
        ));
    }
    Ok(problems)
}
