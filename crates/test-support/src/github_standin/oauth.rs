//! GitHub's web application flow: the authorize page (approving at once for the signed-in browser
//! user, holding a PKCE challenge when given one), the code and refresh-token exchanges with GitHub's error answers (status 200, an `error`
//! field), and revoking a token with the app's credentials.

use std::collections::HashMap;
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use serde_json::{Map, Value, json};

use super::state::Shared;
use super::tokens::{CodeRefused, Grant, REFRESH_TOKEN_LIFETIME};
use super::{auth, reply};

/// `GET /login/oauth/authorize`: redirects back with a code for the signed-in browser user.
pub(crate) async fn authorize(
    State(shared): State<Arc<Shared>>,
    Query(params): Query<HashMap<String, String>>,
) -> Response {
    if params.get("client_id") != Some(&shared.client_id) {
        return page(StatusCode::NOT_FOUND, "Not Found");
    }
    let Some(redirect_uri) = params.get("redirect_uri") else {
        return page(
            StatusCode::BAD_REQUEST,
            "The stand-in needs a redirect_uri: it has no registered callback URL.",
        );
    };
    let Ok(mut location) = url::Url::parse(redirect_uri) else {
        return page(StatusCode::BAD_REQUEST, "The redirect_uri is not a URL.");
    };
    // GitHub takes PKCE with S256 only.
    let challenge = params.get("code_challenge").cloned();
    if challenge.is_some()
        && params.get("code_challenge_method").map(String::as_str) != Some("S256")
    {
        return page(
            StatusCode::BAD_REQUEST,
            "code_challenge_method must be S256.",
        );
    }
    let mut inner = shared.lock();
    let Some(login) = inner.browser_user().map(|user| user.login.clone()) else {
        return page(StatusCode::FORBIDDEN, "No user is signed in.");
    };
    let code = inner.tokens.issue_code(&login, redirect_uri, challenge);
    inner.callback_url = Some(redirect_uri.clone());
    {
        let mut query = location.query_pairs_mut();
        query.append_pair("code", &code);
        if let Some(state) = params.get("state") {
            query.append_pair("state", state);
        }
    }
    (
        StatusCode::FOUND,
        [(header::LOCATION, location.to_string())],
    )
        .into_response()
}

/// `POST /login/oauth/access_token`: a code, or a refresh token, for new tokens.
pub(crate) async fn access_token(
    State(shared): State<Arc<Shared>>,
    headers: HeaderMap,
    Query(query): Query<HashMap<String, String>>,
    body: Bytes,
) -> Response {
    let mut params = query;
    params.extend(body_params(&headers, &body));
    let wants_json = accepts(&headers, "application/json");
    let param = |name: &str| params.get(name).map(String::as_str);
    if param("client_id") != Some(&shared.client_id)
        || param("client_secret") != Some(&shared.client_secret)
    {
        return oauth_error(
            wants_json,
            "incorrect_client_credentials",
            "The client_id and/or client_secret passed are incorrect.",
        );
    }
    let mut inner = shared.lock();
    if param("grant_type") == Some("refresh_token") {
        let refreshed = param("refresh_token").and_then(|t| inner.tokens.refresh(t));
        return match refreshed {
            Some(grant) => granted(wants_json, &grant),
            None => oauth_error(
                wants_json,
                "bad_refresh_token",
                "The refresh token passed is incorrect or expired.",
            ),
        };
    }
    let redeemed = match param("code") {
        Some(code) => inner
            .tokens
            .redeem_code(code, param("redirect_uri"), param("code_verifier")),
        None => Err(CodeRefused::Bad),
    };
    match redeemed {
        Ok(grant) => granted(wants_json, &grant),
        Err(CodeRefused::Bad) => oauth_error(
            wants_json,
            "bad_verification_code",
            "The code passed is incorrect or expired.",
        ),
        Err(CodeRefused::Verifier) => oauth_error(
            wants_json,
            "invalid_grant",
            "The code_verifier does not match the code_challenge.",
        ),
        Err(CodeRefused::RedirectMismatch) => oauth_error(
            wants_json,
            "redirect_uri_mismatch",
            "The redirect_uri MUST match the registered callback URL for this application.",
        ),
    }
}

/// `DELETE /api/v3/applications/{client_id}/token`: the app revokes a user's access token.
pub(crate) async fn revoke(
    State(shared): State<Arc<Shared>>,
    Path(client_id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let app = (shared.client_id.clone(), shared.client_secret.clone());
    if auth::basic(&headers) != Some(app) {
        return reply::bad_credentials();
    }
    if client_id != shared.client_id {
        return reply::not_found();
    }
    let body: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    let Some(token) = body["access_token"].as_str() else {
        return reply::rest_error(
            StatusCode::UNPROCESSABLE_ENTITY,
            "Invalid request.\n\n\"access_token\" wasn't supplied.",
        );
    };
    if shared.lock().tokens.revoke(token) {
        StatusCode::NO_CONTENT.into_response()
    } else {
        reply::not_found()
    }
}

/// The exchange's parameters: a form, as OAuth clients send them, or a JSON object.
fn body_params(headers: &HeaderMap, body: &[u8]) -> HashMap<String, String> {
    let is_json = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if !is_json {
        return url::form_urlencoded::parse(body).into_owned().collect();
    }
    let object: Map<String, Value> = serde_json::from_slice(body).unwrap_or_default();
    object
        .into_iter()
        .filter_map(|(key, value)| Some((key, value.as_str()?.to_string())))
        .collect()
}

fn accepts(headers: &HeaderMap, media_type: &str) -> bool {
    headers
        .get_all(header::ACCEPT)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .any(|v| v.contains(media_type))
}

fn granted(wants_json: bool, grant: &Grant) -> Response {
    let mut fields = vec![
        ("access_token", json!(grant.access_token)),
        ("token_type", json!("bearer")),
        ("scope", json!("")),
    ];
    if let Some((expires_in, refresh_token)) = &grant.expiry {
        fields.push(("expires_in", json!(expires_in)));
        fields.push(("refresh_token", json!(refresh_token)));
        let refresh_expires_in = REFRESH_TOKEN_LIFETIME.as_secs();
        fields.push(("refresh_token_expires_in", json!(refresh_expires_in)));
    }
    oauth_answer(wants_json, fields)
}

fn oauth_error(wants_json: bool, error: &str, description: &str) -> Response {
    let fields = vec![
        ("error", json!(error)),
        ("error_description", json!(description)),
    ];
    oauth_answer(wants_json, fields)
}

/// The exchange's answer, always 200: JSON when asked for, otherwise a form as GitHub sends it.
fn oauth_answer(wants_json: bool, fields: Vec<(&str, Value)>) -> Response {
    if wants_json {
        let object: Map<String, Value> = fields
            .into_iter()
            .map(|(key, value)| (key.to_string(), value))
            .collect();
        return reply::json(StatusCode::OK, &Value::Object(object));
    }
    let mut form = url::form_urlencoded::Serializer::new(String::new());
    for (key, value) in fields {
        match value {
            Value::String(text) => form.append_pair(key, &text),
            other => form.append_pair(key, &other.to_string()),
        };
    }
    (
        [(
            header::CONTENT_TYPE,
            "application/x-www-form-urlencoded; charset=utf-8",
        )],
        form.finish(),
    )
        .into_response()
}

pub(crate) fn page(status: StatusCode, text: &str) -> Response {
    let html = format!(
        "<!DOCTYPE html>\n<html><head><title>{text} · GitHub</title></head><body><h1>{text}</h1></body></html>\n"
    );
    (status, Html(html)).into_response()
}
