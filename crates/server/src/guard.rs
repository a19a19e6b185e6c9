//! Request guards that keep other web pages away from a local Quire: the `Host` must be one the
//! server listens as (DNS rebinding), API calls need the `no-cors: 1` header (no simple cross-site
//! request can carry it), and writes need a same-origin `Origin` (or none) and a JSON body.

use axum::extract::{Request, State};
use axum::http::{Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::{ApiError, AppState};

const API: &str = "/api/keystatic";
/// Served to editors for completion of `quire.yaml`, which cannot send custom headers.
const PUBLIC: &[&str] = &["/api/keystatic/v1/config-schema.json"];

pub async fn check_request(
    State(state): State<AppState>,
    request: Request,
    next: Next,
) -> Response {
    match refusal(&state, &request) {
        Some((status, message)) => refuse(request.uri().path(), status, message),
        None => next.run(request).await,
    }
}

fn refusal(state: &AppState, request: &Request) -> Option<(StatusCode, String)> {
    let headers = request.headers();
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    if let Some(host) = host
        && !state.allowed_hosts.is_empty()
        && !state
            .allowed_hosts
            .iter()
            .any(|h| h.eq_ignore_ascii_case(host))
    {
        return Some((
            StatusCode::FORBIDDEN,
            format!("Quire does not answer to the host \"{host}\""),
        ));
    }
    let path = request.uri().path();
    if !path.starts_with(API) || PUBLIC.contains(&path) {
        return None;
    }
    if headers.get("no-cors").and_then(|v| v.to_str().ok()) != Some("1") {
        return Some((StatusCode::BAD_REQUEST, "Bad Request".into()));
    }
    if request.method() == Method::GET || request.method() == Method::HEAD {
        return None;
    }
    if let Some(origin) = headers.get(header::ORIGIN).and_then(|o| o.to_str().ok()) {
        let same = host.is_some_and(|host| {
            origin == format!("http://{host}") || origin == format!("https://{host}")
        });
        if !same {
            return Some((
                StatusCode::FORBIDDEN,
                format!("requests from {origin} may not change content"),
            ));
        }
    }
    let json = headers
        .get(header::CONTENT_TYPE)
        .and_then(|c| c.to_str().ok())
        .is_some_and(|c| {
            c.split(';')
                .next()
                .is_some_and(|m| m.trim().eq_ignore_ascii_case("application/json"))
        });
    if !json {
        return Some((StatusCode::BAD_REQUEST, "Bad Request".into()));
    }
    None
}

/// Keystatic's routes answer in plain text as Keystatic does; Quire's own answer JSON.
fn refuse(path: &str, status: StatusCode, message: String) -> Response {
    if path.starts_with("/api/keystatic/v1/") {
        let code = if status == StatusCode::FORBIDDEN {
            "forbidden"
        } else {
            "bad_request"
        };
        let message = if message == "Bad Request" {
            "API requests need the header no-cors: 1, and writes a JSON body".to_string()
        } else {
            message
        };
        ApiError::new(status, code, message).into_response()
    } else {
        (status, message).into_response()
    }
}
