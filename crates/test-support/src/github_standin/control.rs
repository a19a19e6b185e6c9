//! The control API under `/_standin/`, for browser journeys that run the binary: users, who the
//! browser is signed in as, token lifetime and app installation, protected branches, pull
//! requests, forks, expiring every access token, the request log, and the GitHub App's key. A body that does not fit changes
//! nothing and is answered 400.

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

use super::state::{Permission, PullRequestState, Shared};
use super::{git, reply};

pub(crate) fn routes() -> Router<Arc<Shared>> {
    Router::new()
        .route("/_standin/users", post(add_user))
        .route("/_standin/sign-in-as", post(sign_in_as))
        .route("/_standin/settings", post(settings))
        .route("/_standin/protect", post(protect))
        .route("/_standin/teams", post(set_team))
        .route("/_standin/pulls", post(add_pull_request))
        .route("/_standin/forks", post(add_fork))
        .route("/_standin/fork-file", post(fork_file))
        .route("/_standin/expire-access-tokens", post(expire_access_tokens))
        .route("/_standin/requests", get(requests))
        .route("/_standin/app", get(app))
}

/// The GitHub App as its owner holds it (id, private key, slug), for a cloud that acts as it.
async fn app() -> Response {
    reply::json(
        StatusCode::OK,
        &json!({
            "id": super::app_key::APP_ID,
            "slug": super::app_key::SLUG,
            "privateKeyPem": super::app_key::app_key().pem,
            "botLogin": format!("{}[bot]", super::app_key::SLUG),
        }),
    )
}

fn refused(message: &str) -> Response {
    reply::json(StatusCode::BAD_REQUEST, &json!({ "message": message }))
}

/// The JSON body as `T`, or why not.
fn read<T: DeserializeOwned>(body: &[u8]) -> Result<T, String> {
    serde_json::from_slice(body).map_err(|err| format!("the body does not fit: {err}"))
}

fn done() -> Response {
    StatusCode::NO_CONTENT.into_response()
}

#[derive(Deserialize)]
struct NewUser {
    login: String,
    name: String,
    permission: String,
}

async fn add_user(State(shared): State<Arc<Shared>>, body: Bytes) -> Response {
    let user: NewUser = match read(&body) {
        Ok(user) => user,
        Err(message) => return refused(&message),
    };
    let Some(permission) = Permission::parse(&user.permission) else {
        return refused("permission is one of ADMIN, MAINTAIN, WRITE, TRIAGE, READ, NONE");
    };
    shared.lock().add_user(&user.login, &user.name, permission);
    done()
}

#[derive(Deserialize)]
struct SignIn {
    login: String,
}

async fn sign_in_as(State(shared): State<Arc<Shared>>, body: Bytes) -> Response {
    let sign_in: SignIn = match read(&body) {
        Ok(sign_in) => sign_in,
        Err(message) => return refused(&message),
    };
    match shared.lock().sign_in_as(&sign_in.login) {
        Ok(()) => done(),
        Err(message) => refused(&message),
    }
}

/// `{accessTokenLifetime: seconds | null, appInstalled: bool}`; a setting left out is kept.
async fn settings(State(shared): State<Arc<Shared>>, body: Bytes) -> Response {
    let body: Value = match read(&body) {
        Ok(body) => body,
        Err(message) => return refused(&message),
    };
    let lifetime = match body.get("accessTokenLifetime") {
        None => None,
        Some(Value::Null) => Some(None),
        Some(seconds) => match seconds.as_u64() {
            Some(seconds) => Some(Some(Duration::from_secs(seconds))),
            None => return refused("accessTokenLifetime is a number of seconds or null"),
        },
    };
    let installed = match body.get("appInstalled") {
        None => None,
        Some(installed) => match installed.as_bool() {
            Some(installed) => Some(installed),
            None => return refused("appInstalled is true or false"),
        },
    };
    let mut inner = shared.lock();
    if let Some(lifetime) = lifetime {
        inner.set_access_token_lifetime(lifetime);
    }
    if let Some(installed) = installed {
        inner.app_installed = installed;
    }
    done()
}

#[derive(Deserialize)]
struct Protect {
    branch: String,
}

async fn protect(State(shared): State<Arc<Shared>>, body: Bytes) -> Response {
    let protect: Protect = match read(&body) {
        Ok(protect) => protect,
        Err(message) => return refused(&message),
    };
    shared.lock().protected.insert(protect.branch);
    done()
}

#[derive(Deserialize)]
struct Team {
    org: String,
    team: String,
    members: Vec<String>,
}

async fn set_team(State(shared): State<Arc<Shared>>, body: Bytes) -> Response {
    let team: Team = match read(&body) {
        Ok(team) => team,
        Err(message) => return refused(&message),
    };
    shared.lock().teams.insert(
        format!("{}/{}", team.org, team.team),
        team.members.into_iter().collect(),
    );
    done()
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct NewPullRequest {
    number: u64,
    branch: String,
    /// The owner of the fork the branch is in.
    head_owner: Option<String>,
    state: String,
}

async fn add_pull_request(State(shared): State<Arc<Shared>>, body: Bytes) -> Response {
    let pull: NewPullRequest = match read(&body) {
        Ok(pull) => pull,
        Err(message) => return refused(&message),
    };
    let Some(state) = PullRequestState::parse(&pull.state) else {
        return refused("state is OPEN or CLOSED");
    };
    shared
        .lock()
        .add_pull_request(pull.number, &pull.branch, pull.head_owner.as_deref(), state);
    done()
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct NewFork {
    login: String,
    #[serde(default)]
    app_installed: bool,
}

async fn add_fork(State(shared): State<Arc<Shared>>, body: Bytes) -> Response {
    let fork: NewFork = match read(&body) {
        Ok(fork) => fork,
        Err(message) => return refused(&message),
    };
    let mut inner = shared.lock();
    if let Err(message) = inner.make_fork(&fork.login) {
        return refused(&message);
    }
    if let Some(made) = inner.forks.get_mut(&fork.login) {
        made.app_installed = fork.app_installed;
    }
    done()
}

async fn expire_access_tokens(State(shared): State<Arc<Shared>>) -> Response {
    shared.lock().tokens.expire_access_tokens();
    done()
}

async fn requests(State(shared): State<Arc<Shared>>) -> Response {
    let log = serde_json::to_value(&shared.lock().log).unwrap_or_default();
    reply::json(StatusCode::OK, &log)
}

#[derive(Deserialize)]
struct ForkFile {
    login: String,
    branch: String,
    path: String,
}

/// A file as `login`'s fork holds it on `branch`: `{ "text": … }`, `null` when it is not there.
async fn fork_file(State(shared): State<Arc<Shared>>, body: Bytes) -> Response {
    let file: ForkFile = match read(&body) {
        Ok(file) => file,
        Err(message) => return refused(&message),
    };
    let inner = shared.lock();
    let Some(fork) = inner.forks.get(&file.login) else {
        return refused(&format!("{} has no fork", file.login));
    };
    let text = git::resolve_tree(&fork.git, &file.branch)
        .and_then(|tree| tree.get_path(std::path::Path::new(&file.path)).ok())
        .and_then(|entry| fork.git.find_blob(entry.id()).ok())
        .map(|blob| String::from_utf8_lossy(blob.content()).into_owned());
    reply::json(StatusCode::OK, &json!({ "text": text }))
}
