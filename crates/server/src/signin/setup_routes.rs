//! The setup's routes: the 503 every API call answers while the GitHub App is missing, the
//! address printed at start, and GitHub's way back with the new app's code.

use axum::extract::{Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use serde::Deserialize;
use serde_json::json;

use crate::error::ApiError;
use crate::guard::request_host_of;
use crate::limits;
use crate::state::AppState;

/// The answer to every API call while the app is not set up; the setup form's `state` only for
/// the browser that opened the setup's address.
pub fn required(state: &AppState, headers: &HeaderMap) -> ApiError {
    let Some(setup) = &state.setup else {
        return ApiError::internal("no setup");
    };
    let origin = setup
        .setup
        .public_url()
        .unwrap_or_else(|| format!("http://{}", request_host_of(headers).unwrap_or("127.0.0.1")));
    let repo = setup.setup.repo();
    let mut details = json!({
        "repo": repo,
        "missing": setup.setup.missing(),
        "githubUrl": setup.setup.github_url(),
        "origin": origin,
    });
    if setup.holds_secret(headers) {
        details["state"] = setup.issue().into();
    }
    ApiError::new(
        StatusCode::SERVICE_UNAVAILABLE,
        protocol::ErrorCode::SetupRequired,
        "Keystatic doesn't have the required config",
    )
    .with_details(details)
}

#[derive(Deserialize)]
pub struct SecretQuery {
    secret: Option<String>,
}

/// The address printed at start: its browser gets the setup's cookie and goes on to the admin.
pub async fn open_setup(
    State(state): State<AppState>,
    Query(query): Query<SecretQuery>,
) -> Response {
    let Some(setup) = state.setup.clone() else {
        return (StatusCode::NOT_FOUND, "Not Found").into_response();
    };
    if state.sign_in().is_some() {
        return Redirect::temporary("/keystatic").into_response();
    }
    let given = query.secret.unwrap_or_default();
    if !setup.opens_with(&given) {
        return (
            StatusCode::FORBIDDEN,
            "This is not the setup address Quire printed when it started",
        )
            .into_response();
    }
    let secure = if setup.cookie_name().starts_with("__Host-") {
        "; Secure"
    } else {
        ""
    };
    let cookie = format!(
        "{}={}; Path=/; Max-Age=3600; HttpOnly; SameSite=Lax{secure}",
        setup.cookie_name(),
        setup.secret
    );
    let mut response = Redirect::temporary("/keystatic").into_response();
    if let Ok(value) = axum::http::HeaderValue::from_str(&cookie) {
        response
            .headers_mut()
            .insert(axum::http::header::SET_COOKIE, value);
    }
    response
}

#[derive(Deserialize)]
pub struct CreatedQuery {
    code: Option<String>,
    state: Option<String>,
}

/// Where GitHub sends the browser once the app exists.
pub async fn created_app(
    State(state): State<AppState>,
    headers: HeaderMap,
    Query(query): Query<CreatedQuery>,
) -> Response {
    let Some(setup) = state.setup.clone() else {
        return (StatusCode::NOT_FOUND, "Not Found").into_response();
    };
    if state.sign_in().is_some() {
        return Redirect::temporary("/keystatic").into_response();
    }
    let (Some(code), Some(nonce)) = (query.code, query.state) else {
        return (StatusCode::BAD_REQUEST, "Missing code or state").into_response();
    };
    if !setup.holds_secret(&headers) || !setup.take(&nonce) {
        return (StatusCode::BAD_REQUEST, "Invalid state").into_response();
    }
    let made = setup.setup.clone();
    match limits::run(limits::Work::Write, move || made.complete(&code)).await {
        Ok(Ok(created)) => {
            *state.sign_in.write().expect("not poisoned") = Some(created.sign_in);
            let slug: String =
                url::form_urlencoded::byte_serialize(created.slug.as_bytes()).collect();
            Redirect::temporary(&format!("/keystatic/created-github-app?slug={slug}"))
                .into_response()
        }
        Ok(Err(message)) => {
            tracing::error!("creating the GitHub App: {message}");
            (StatusCode::BAD_GATEWAY, message).into_response()
        }
        Err(err) => err.into_response(),
    }
}
