//! The stand-in's GitHub App: the manifest flow (the new-app page, which creates the app at once
//! as someone who clicked "Create GitHub App" would, and the one-time conversion of its code into
//! the app's settings, with a real private key), the app's own authentication (a JWT signed with
//! that key, RS256, as GitHub checks it), and its one installation, on the owner's repositories,
//! which hands out installation tokens restricted to some of them. The app made is the stand-in's
//! own OAuth app, so signing in works afterwards.

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

use super::app_key::{APP_ID, INSTALLATION_ID, SLUG, app_key};
use super::state::Shared;
use super::tokens::INSTALLATION_TOKEN_LIFETIME;
use super::{auth, reply};

/// The claims GitHub reads from an app's JWT.
#[derive(serde::Deserialize)]
struct Claims {
    iat: u64,
    exp: u64,
    iss: Value,
}

/// Whether the request is the app itself: a JWT signed with the app's key, issued by the app (its
/// id or client id), not expired, and lasting at most ten minutes (a minute's clock drift allowed).
fn refuse_unless_app(shared: &Shared, headers: &HeaderMap) -> Option<Response> {
    let Some(token) = auth::bearer(headers) else {
        return Some(reply::requires_authentication());
    };
    let mut validation = jsonwebtoken::Validation::new(jsonwebtoken::Algorithm::RS256);
    // GitHub's `iss` is a number, which the library reads only as a string: checked below.
    validation.set_required_spec_claims(&["exp"]);
    validation.leeway = 60;
    let Ok(data) = jsonwebtoken::decode::<Claims>(token, &app_key().decoding, &validation) else {
        return Some(reply::rest_error(
            StatusCode::UNAUTHORIZED,
            "A JSON web token could not be decoded",
        ));
    };
    let claims = data.claims;
    let issuer_ok = claims.iss == json!(APP_ID)
        || claims.iss == json!(APP_ID.to_string())
        || claims.iss == json!(shared.client_id);
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    if !issuer_ok {
        return Some(reply::rest_error(
            StatusCode::UNAUTHORIZED,
            "'Issuer' claim ('iss') must be an Integer",
        ));
    }
    if claims.exp > now + 660 || claims.iat > now + 60 || claims.exp <= claims.iat {
        return Some(reply::rest_error(
            StatusCode::UNAUTHORIZED,
            "'Expiration time' claim ('exp') is too far in the future",
        ));
    }
    None
}

/// `GET /api/v3/repos/{owner}/{name}/installation` (as the app): the installation that covers the
/// repository, 404 when the app is not installed on it.
pub(crate) async fn repository_installation(
    State(shared): State<Arc<Shared>>,
    Path((owner, name)): Path<(String, String)>,
    headers: HeaderMap,
) -> Response {
    if let Some(refused) = refuse_unless_app(&shared, &headers) {
        return refused;
    }
    let inner = shared.lock();
    let covered = owner.eq_ignore_ascii_case(&shared.owner)
        && inner
            .installed_repositories(&shared)
            .contains(&name.to_lowercase());
    if !inner.app_installed || !covered {
        return reply::not_found();
    }
    reply::json(
        StatusCode::OK,
        &json!({
            "id": INSTALLATION_ID,
            "app_id": APP_ID,
            "app_slug": SLUG,
            "account": { "login": shared.owner },
            "repository_selection": "selected",
            "permissions": { "contents": "write", "metadata": "read", "pull_requests": "read" },
        }),
    )
}

/// `POST /api/v3/app/installations/{id}/access_tokens` (as the app), with `repositories` (names)
/// and `permissions` to narrow the token: an installation token for those repositories only.
pub(crate) async fn installation_token(
    State(shared): State<Arc<Shared>>,
    Path(id): Path<u64>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    if let Some(refused) = refuse_unless_app(&shared, &headers) {
        return refused;
    }
    let mut inner = shared.lock();
    if id != INSTALLATION_ID || !inner.app_installed {
        return reply::not_found();
    }
    let request: Value = if body.is_empty() {
        json!({})
    } else {
        match serde_json::from_slice(&body) {
            Ok(value) => value,
            Err(_) => return reply::rest_error(StatusCode::BAD_REQUEST, "Problems parsing JSON"),
        }
    };
    let installed = inner.installed_repositories(&shared);
    let repositories: BTreeSet<String> = match request["repositories"].as_array() {
        None => installed.iter().cloned().collect(),
        Some(names) => names
            .iter()
            .map(|name| name.as_str().unwrap_or_default().to_lowercase())
            .collect(),
    };
    if repositories.iter().any(|name| !installed.contains(name)) {
        return reply::rest_error(
            StatusCode::UNPROCESSABLE_ENTITY,
            "There is at least one repository that does not exist or is not accessible to the parent installation.",
        );
    }
    let granted = json!({ "contents": "write", "metadata": "read", "pull_requests": "read" });
    let permissions = match request["permissions"].as_object() {
        None => granted.clone(),
        Some(asked) => {
            let within = asked.iter().all(|(name, level)| {
                let most = granted[name].as_str();
                matches!(
                    (most, level.as_str()),
                    (Some("write"), Some("read" | "write")) | (Some("read"), Some("read"))
                )
            });
            if !within {
                return reply::rest_error(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    "The permissions requested are not granted to this installation.",
                );
            }
            Value::Object(asked.clone())
        }
    };
    let write = permissions["contents"] == json!("write");
    let token = inner.tokens.issue_installation(repositories.clone(), write);
    let expires = SystemTime::now() + INSTALLATION_TOKEN_LIFETIME;
    let expires_at = jiff::Timestamp::try_from(expires)
        .map(|at| at.round(jiff::Unit::Second).unwrap_or(at).to_string())
        .unwrap_or_default();
    let repositories: Vec<Value> = repositories
        .iter()
        .map(|name| json!({ "name": name, "full_name": format!("{}/{name}", shared.owner) }))
        .collect();
    reply::json(
        StatusCode::CREATED,
        &json!({
            "token": token,
            "expires_at": expires_at,
            "permissions": permissions,
            "repository_selection": "selected",
            "repositories": repositories,
        }),
    )
}

/// `POST /settings/apps/new?state=` (or an organization's): a form with the `manifest` field.
pub(crate) async fn new_app(
    State(shared): State<Arc<Shared>>,
    Query(query): Query<HashMap<String, String>>,
    body: Bytes,
) -> Response {
    let form: HashMap<String, String> = url::form_urlencoded::parse(&body).into_owned().collect();
    let Some(manifest) = form
        .get("manifest")
        .and_then(|m| serde_json::from_str::<Value>(m).ok())
    else {
        return (StatusCode::BAD_REQUEST, "Invalid GitHub App manifest").into_response();
    };
    let Some(mut location) = manifest
        .get("redirect_url")
        .and_then(Value::as_str)
        .and_then(|url| url::Url::parse(url).ok())
    else {
        return (StatusCode::BAD_REQUEST, "The manifest has no redirect_url").into_response();
    };
    let name = manifest
        .get("name")
        .and_then(Value::as_str)
        .unwrap_or("app");
    let code = shared.lock().tokens.issue_app_code(name);
    {
        let mut pairs = location.query_pairs_mut();
        pairs.append_pair("code", &code);
        if let Some(state) = query.get("state") {
            pairs.append_pair("state", state);
        }
    }
    (
        StatusCode::FOUND,
        [(header::LOCATION, location.to_string())],
    )
        .into_response()
}

/// `POST /organizations/{org}/settings/apps/new?state=`.
pub(crate) async fn new_org_app(
    state: State<Arc<Shared>>,
    Path(_org): Path<String>,
    query: Query<HashMap<String, String>>,
    body: Bytes,
) -> Response {
    new_app(state, query, body).await
}

/// `POST /api/v3/app-manifests/{code}/conversions`: the app's settings, once per code.
pub(crate) async fn conversion(
    State(shared): State<Arc<Shared>>,
    Path(code): Path<String>,
) -> Response {
    let Some(name) = shared.lock().tokens.take_app_code(&code) else {
        return reply::not_found();
    };
    let slug: String = name
        .to_lowercase()
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    reply::json(
        StatusCode::CREATED,
        &json!({
            "id": APP_ID,
            "slug": slug,
            "name": name,
            "client_id": shared.client_id,
            "client_secret": shared.client_secret,
            "webhook_secret": null,
            "pem": app_key().pem,
            "html_url": format!("{}/apps/{slug}", shared.url),
        }),
    )
}
