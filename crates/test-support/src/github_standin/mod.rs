//! A GitHub stand-in: an HTTP server on 127.0.0.1, backed by a real git repository, that answers
//! the calls Quire's GitHub storage makes (OAuth, a few REST calls, the GraphQL documents in
//! `crates/storage-github/graphql/`) with GitHub's shapes and refusals, so that the storage can be
//! tested without the network. Users may fork the repository (`repos.rs`). `Standin` runs it on its
//! own thread for cargo tests; the `github-standin` binary runs it for browser journeys, steered by
//! the control API. `tests/github_standin.rs` drives both over HTTP.

mod app_key;
mod apps;
mod auth;
mod control;
mod forking;
mod git;
mod graphql;
mod ids;
mod log;
mod mutations;
mod oauth;
mod queries;
mod reply;
mod repos;
mod rest;
mod state;
mod tokens;

use std::net::TcpListener;
use std::path::PathBuf;
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::{delete, get, post};
use tokio::sync::oneshot;

use state::Shared;
pub use state::{LoggedRequest, Permission, PullRequestState};

/// The repository the stand-in serves and the OAuth app it knows.
#[derive(Debug, Clone)]
pub struct StandinOptions {
    /// A git repository, bare or not; only its objects and refs are read and written.
    pub repo: PathBuf,
    pub owner: String,
    pub name: String,
    pub client_id: String,
    pub client_secret: String,
}

/// The stand-in's GitHub App, as the cloud that owns it is configured.
#[derive(Debug, Clone)]
pub struct StandinApp {
    pub id: u64,
    pub private_key_pem: String,
    /// The login of the app's bot, who commits with installation tokens (`quire-standin[bot]`).
    pub bot_login: String,
}

/// A running stand-in; dropping it stops the server.
pub struct Standin {
    shared: Arc<Shared>,
    stop: Option<oneshot::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl Standin {
    /// Serves `options.repo` on a free port of 127.0.0.1; panics when it cannot, as a test would.
    pub fn spawn(options: StandinOptions) -> Standin {
        Standin::spawn_on(options, 0).expect("the GitHub stand-in starts")
    }

    /// Serves `options.repo` on `port` of 127.0.0.1 (0: a free one).
    pub fn spawn_on(options: StandinOptions, port: u16) -> std::io::Result<Standin> {
        let repo = git2::Repository::open(&options.repo).map_err(std::io::Error::other)?;
        let listener = TcpListener::bind(("127.0.0.1", port))?;
        listener.set_nonblocking(true)?;
        let url = format!("http://127.0.0.1:{}", listener.local_addr()?.port());
        let shared = Arc::new(Shared::new(
            options.owner,
            options.name,
            options.client_id,
            options.client_secret,
            url,
            repo,
        ));
        let app = router(shared.clone());
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()?;
        let (stop, stopped) = oneshot::channel::<()>();
        let thread = std::thread::Builder::new()
            .name("github-standin".to_string())
            .spawn(move || {
                runtime.block_on(async move {
                    let listener = tokio::net::TcpListener::from_std(listener)
                        .expect("a listener for the runtime");
                    tokio::select! {
                        served = async { axum::serve(listener, app).await } => {
                            if let Err(err) = served {
                                eprintln!("github-standin: {err}");
                            }
                        }
                        _ = stopped => {}
                    }
                });
                // Dropping the runtime here ends every open connection with it.
            })?;
        Ok(Standin {
            shared,
            stop: Some(stop),
            thread: Some(thread),
        })
    }

    /// `http://127.0.0.1:PORT`: the "github.com" of the OAuth pages.
    pub fn url(&self) -> &str {
        &self.shared.url
    }

    /// `http://127.0.0.1:PORT/api/v3`: the REST base, laid out as GitHub Enterprise Server's.
    pub fn api_url(&self) -> String {
        self.shared.api_url()
    }

    /// `http://127.0.0.1:PORT/api/graphql`.
    pub fn graphql_url(&self) -> String {
        format!("{}/api/graphql", self.shared.url)
    }

    /// Adds a user, or changes the name and permission of the one with that login.
    pub fn add_user(&self, login: &str, name: &str, permission: Permission) {
        self.shared.lock().add_user(login, name, permission);
    }

    /// Signs the browser in as `login`, whom the authorize page then approves; panics when there
    /// is no such user.
    pub fn sign_in_as(&self, login: &str) {
        if let Err(message) = self.shared.lock().sign_in_as(login) {
            panic!("{message}");
        }
    }

    /// How long access tokens issued from now on last; `None`: they never expire, and come
    /// without `expires_in` and refresh tokens (a GitHub App with expiring tokens off).
    pub fn set_access_token_lifetime(&self, lifetime: Option<Duration>) {
        self.shared.lock().set_access_token_lifetime(lifetime);
    }

    /// Whether the GitHub App is installed on the repository; when not, every mutation is refused
    /// with "Resource not accessible by integration" while reads still answer.
    pub fn set_app_installed(&self, installed: bool) {
        self.shared.lock().app_installed = installed;
    }

    /// The stand-in's GitHub App as its owner holds it: its id and private key (PEM), with which
    /// the app signs its JWTs; the app is installed on every repository of the owner.
    pub fn app(&self) -> StandinApp {
        StandinApp {
            id: app_key::APP_ID,
            private_key_pem: app_key::app_key().pem.clone(),
            bot_login: format!("{}[bot]", app_key::SLUG),
        }
    }

    /// Adds another repository of the owner, `owner/name`, starting with the site's branches; the
    /// app's installation covers it too. Panics when it cannot be made.
    pub fn add_repository(&self, name: &str) {
        if let Err(message) = self.shared.lock().make_sibling(name) {
            panic!("{message}");
        }
    }

    /// Makes `members` the active members of the team `org/team`.
    pub fn set_team(&self, org: &str, team: &str, members: &[&str]) {
        self.shared.lock().teams.insert(
            format!("{org}/{team}"),
            members.iter().map(|m| m.to_string()).collect(),
        );
    }

    /// Protects a branch (short name): commits to it and its deletion are refused.
    pub fn protect(&self, branch: &str) {
        self.shared.lock().protected.insert(branch.to_string());
    }

    /// Adds pull request `number` from `branch`, or changes the one with that number.
    pub fn add_pull_request(&self, number: u64, branch: &str, state: PullRequestState) {
        self.shared
            .lock()
            .add_pull_request(number, branch, None, state);
    }

    /// Adds pull request `number` from `branch` of `owner`'s fork.
    pub fn add_fork_pull_request(
        &self,
        number: u64,
        owner: &str,
        branch: &str,
        state: PullRequestState,
    ) {
        self.shared
            .lock()
            .add_pull_request(number, branch, Some(owner), state);
    }

    /// Makes `login`'s fork of the repository, with its branches as they are now; panics when
    /// there is no such user or the fork cannot be made.
    pub fn fork(&self, login: &str, app_installed: bool) {
        let mut inner = self.shared.lock();
        if let Err(message) = inner.make_fork(login) {
            panic!("{message}");
        }
        inner.forks.get_mut(login).expect("made").app_installed = app_installed;
    }

    /// The head of `branch` in `login`'s fork, if both exist.
    pub fn fork_head(&self, login: &str, branch: &str) -> Option<String> {
        let inner = self.shared.lock();
        let fork = inner.forks.get(login)?;
        git::branch_head(&fork.git, branch).map(|oid| oid.to_string())
    }

    /// Each blob answers only after `delay`, as a GitHub far away would.
    pub fn set_blob_delay(&self, delay: Duration) {
        self.shared.lock().blob_delay = delay;
    }

    /// Every access token issued so far expires now; refresh tokens still work.
    pub fn expire_access_tokens(&self) {
        self.shared.lock().tokens.expire_access_tokens();
    }

    /// The requests answered so far, control requests aside.
    pub fn requests(&self) -> Vec<LoggedRequest> {
        self.shared.lock().log.clone()
    }

    /// A live access token for `login`, as if they had signed in, for tests that start after
    /// sign-in; panics when there is no such user.
    pub fn access_token_for(&self, login: &str) -> String {
        let mut inner = self.shared.lock();
        assert!(inner.user(login).is_some(), "no user {login}");
        inner.tokens.grant(login).access_token
    }
}

impl Drop for Standin {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Every route: OAuth at the root, REST below `/api/v3`, GraphQL at `/api/graphql`, the control
/// API below `/_standin/`; each request but the control API's logged.
fn router(shared: Arc<Shared>) -> Router {
    let repo = "/api/v3/repos/{owner}/{name}/git";
    Router::new()
        .route("/login/oauth/authorize", get(oauth::authorize))
        .route("/login/oauth/access_token", post(oauth::access_token))
        .route(
            "/api/v3/applications/{client_id}/token",
            delete(oauth::revoke),
        )
        .route("/settings/apps/new", post(apps::new_app))
        .route(
            "/organizations/{org}/settings/apps/new",
            post(apps::new_org_app),
        )
        .route(
            "/api/v3/app-manifests/{code}/conversions",
            post(apps::conversion),
        )
        .route(
            "/api/v3/repos/{owner}/{name}/installation",
            get(apps::repository_installation),
        )
        .route(
            "/api/v3/app/installations/{id}/access_tokens",
            post(apps::installation_token),
        )
        .route("/api/v3/user", get(rest::user))
        .route(
            "/api/v3/orgs/{org}/teams/{team}/memberships/{login}",
            get(rest::team_membership),
        )
        .route(&format!("{repo}/trees/{{*sha}}"), get(rest::tree))
        .route(&format!("{repo}/blobs/{{sha}}"), get(rest::blob))
        .route("/api/graphql", post(graphql::graphql))
        .route("/avatars/{file}", get(rest::avatar))
        .route("/{owner}/{name}/fork", get(forking::fork))
        .route("/apps/{slug}/installations/new", get(forking::install))
        .merge(control::routes())
        .fallback(rest::not_found)
        .layer(axum::middleware::from_fn_with_state(
            shared.clone(),
            log::record,
        ))
        .layer(DefaultBodyLimit::max(log::BODY_LIMIT))
        .with_state(shared)
}
