//! `/v1/github/*`: a site's admin reaches its project's GitHub repository through the cloud, with
//! the person's cloud token, never a GitHub one. The cloud checks the token (its project, expiry,
//! revocation, the person still in the team), applies the person's role (viewers read; a mutation
//! needs an editor), names the person in every commit (`Co-authored-by`), and calls GitHub with an
//! installation token of its own app restricted to the project's one repository.

use std::sync::Arc;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde_json::Value;

use crate::error::Error;
use crate::extract::TokenHolder;
use crate::github_app::{GithubApp, Passed};
use crate::graphql_gate::{self, Asks};
use crate::people::User;
use crate::state::Cloud;
use crate::teams::{Project, Role};

/// A commit carries its files in base64: as much as the admin's own server takes.
const GRAPHQL_LIMIT: usize = 64 * 1024 * 1024;

pub fn routes() -> Router<Cloud> {
    Router::new()
        .route(
            "/v1/github/graphql",
            post(graphql).layer(DefaultBodyLimit::max(GRAPHQL_LIMIT)),
        )
        .route("/v1/github/trees/{sha}", get(tree))
        .route("/v1/github/blob/{sha}", get(blob))
}

/// The person, their role and project behind the request's token, the project's repository and the
/// cloud's app.
struct Caller {
    user: User,
    role: Role,
    project: Project,
    repository: String,
    app: Arc<GithubApp>,
}

async fn caller(cloud: &Cloud, holder: TokenHolder) -> Result<Caller, Error> {
    let app = cloud.github().await?.ok_or_else(|| {
        Error::NotFound("This cloud has no GitHub App yet: its operator makes one with the link the cloud prints at start, or gives one (QUIRE_CLOUD_GITHUB_APP_ID and its key).".into())
    })?;
    let TokenHolder {
        user,
        project,
        role,
    } = holder;
    let repository = project.repository.clone().ok_or_else(|| {
        Error::NotFound(format!(
            "The project {} has no GitHub repository yet: an admin of the team connects one on the team page.",
            project.client_id()
        ))
    })?;
    Ok(Caller {
        user,
        role,
        project,
        repository,
        app,
    })
}

/// Runs `call` with an installation token for the caller's repository, off the async workers;
/// once more with a new token when GitHub no longer takes the one kept.
async fn with_token(
    caller: &Caller,
    call: impl Fn(&GithubApp, &str) -> Result<Passed, Error> + Send + 'static,
) -> Result<Passed, Error> {
    let app = caller.app.clone();
    let repository = caller.repository.clone();
    tokio::task::spawn_blocking(move || {
        let passed = call(&app, &app.token(&repository)?)?;
        if passed.status != 401 {
            return Ok(passed);
        }
        app.forget(&repository);
        call(&app, &app.token(&repository)?)
    })
    .await
    .map_err(|err| Error::Unavailable(format!("a GitHub call stopped: {err}")))?
}

fn answer(passed: Passed) -> Response {
    let status = StatusCode::from_u16(passed.status).unwrap_or(StatusCode::BAD_GATEWAY);
    let content_type = passed
        .content_type
        .unwrap_or_else(|| "application/octet-stream".into());
    (
        status,
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, "no-store".to_string()),
        ],
        passed.body,
    )
        .into_response()
}

/// `POST /v1/github/graphql`: the document and its variables, passed on to GitHub once the role
/// allows what it asks, each commit's message ending with its person.
async fn graphql(
    State(cloud): State<Cloud>,
    holder: TokenHolder,
    body: Bytes,
) -> Result<Response, Error> {
    let caller = caller(&cloud, holder).await?;
    let mut request: Value = serde_json::from_slice(&body)
        .map_err(|_| Error::Invalid("The request is not JSON with a GraphQL `query`.".into()))?;
    let document = request["query"]
        .as_str()
        .ok_or_else(|| Error::Invalid("The request has no GraphQL `query`.".into()))?;
    if let Asks::Write { commit_inputs } = graphql_gate::inspect(document)? {
        if !caller.role.includes(Role::Editor) {
            return Err(Error::Forbidden(format!(
                "Viewers of {} cannot change {}: an admin of the team can make you an editor.",
                caller.project.team.name, caller.repository
            )));
        }
        for variable in commit_inputs {
            let message = &mut request["variables"][&variable]["message"];
            if !message.is_object() {
                continue; // GitHub refuses an input without its message.
            }
            let body = message["body"].as_str().unwrap_or_default();
            message["body"] =
                graphql_gate::with_coauthor(body, &caller.user.name, &caller.user.email).into();
        }
    }
    let passed = with_token(&caller, move |app, token| app.graphql(token, &request)).await?;
    Ok(answer(passed))
}

/// A git object id: 40 hexadecimal digits (SHA-1) or 64 (SHA-256).
fn object_id(sha: &str) -> Result<&str, Error> {
    let valid = matches!(sha.len(), 40 | 64) && sha.bytes().all(|b| b.is_ascii_hexdigit());
    valid
        .then_some(sha)
        .ok_or_else(|| Error::Invalid(format!("\"{sha}\" is not a git object id.")))
}

/// `GET /v1/github/trees/{sha}`: the tree, recursive, as GitHub's REST API answers it.
async fn tree(
    State(cloud): State<Cloud>,
    Path(sha): Path<String>,
    holder: TokenHolder,
) -> Result<Response, Error> {
    let path = format!("/git/trees/{}?recursive=1", object_id(&sha)?);
    pass_get(&cloud, holder, path, "application/vnd.github+json").await
}

/// `GET /v1/github/blob/{sha}`: the blob's bytes.
async fn blob(
    State(cloud): State<Cloud>,
    Path(sha): Path<String>,
    holder: TokenHolder,
) -> Result<Response, Error> {
    let path = format!("/git/blobs/{}", object_id(&sha)?);
    pass_get(&cloud, holder, path, "application/vnd.github.raw").await
}

/// A GET of `path` in the caller's repository, GitHub's answer passed on.
async fn pass_get(
    cloud: &Cloud,
    holder: TokenHolder,
    path: String,
    accept: &'static str,
) -> Result<Response, Error> {
    let caller = caller(cloud, holder).await?;
    let repository = caller.repository.clone();
    let passed = with_token(&caller, move |app, token| {
        app.get(token, &repository, &path, accept)
    })
    .await?;
    Ok(answer(passed))
}
