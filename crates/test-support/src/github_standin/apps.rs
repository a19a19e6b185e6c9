//! GitHub's app-manifest flow: the new-app page (which creates the app at once, as someone who
//! clicked "Create GitHub App" would) and the one-time conversion of its code into the app's
//! settings. The app made is the stand-in's own OAuth app, so signing in works afterwards.

use std::collections::HashMap;
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

use super::reply;
use super::state::Shared;

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
            "id": 4242,
            "slug": slug,
            "name": name,
            "client_id": shared.client_id,
            "client_secret": shared.client_secret,
            "webhook_secret": null,
            "pem": "-----BEGIN RSA PRIVATE KEY-----\nstand-in\n-----END RSA PRIVATE KEY-----\n",
            "html_url": format!("{}/apps/{slug}", shared.url),
        }),
    )
}
