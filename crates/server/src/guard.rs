//! Request guards that keep other web pages away from a local Quire: the `Host` must be one the
//! server answers to (DNS rebinding; a request without one, or with one that is not ASCII, is
//! refused), API calls need the `no-cors: 1` header (no simple cross-site request can carry it), and
//! writes need a same-origin `Origin` (or none) and a JSON body (an image's upload: its bytes).

use axum::extract::{Request, State};
use axum::http::{Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::error::ApiError;
use crate::state::AppState;
use protocol::ErrorCode;

const API: &str = "/api/keystatic";
/// The collaboration socket, which a browser opens without custom headers.
const COLLAB: &str = "/api/keystatic/v1/collab";
/// Served to editors for completion of `quire.yaml`, which cannot send custom headers, and the
/// sign-in routes, which the browser navigates to.
const PUBLIC: &[&str] = &[
    "/api/keystatic/v1/config-schema.json",
    "/api/keystatic/github/login",
    "/api/keystatic/github/oauth/callback",
    "/api/keystatic/github/repo-not-found",
    "/api/keystatic/github/created-app",
    "/api/keystatic/github/setup",
    "/api/keystatic/cloud/login",
];
/// Routes whose writes carry a file's bytes as they are rather than JSON (an image for the cloud).
const RAW_BODIES: &[&str] = &["/api/keystatic/v1/cloud/image"];

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

/// The host a request names: its `Host` header, or (HTTP/2) its URI's authority.
pub fn request_host(request: &Request) -> Option<&str> {
    match request.headers().get(header::HOST) {
        Some(_) => request_host_of(request.headers()),
        None => request.uri().authority().map(|a| a.as_str()),
    }
}

/// The `Host` header, when it is plain ASCII.
pub fn request_host_of(headers: &axum::http::HeaderMap) -> Option<&str> {
    headers
        .get(header::HOST)
        .and_then(|value| value.to_str().ok())
        .filter(|h| h.is_ascii())
}

/// Whether `host` is one of `allowed`: the same name and port, or the same name where the allowed
/// entry names no port (a name behind a proxy on the default port).
pub fn host_allowed(allowed: &[String], host: &str) -> bool {
    let (name, port) = split_port(host);
    allowed.iter().any(|entry| {
        let (allowed_name, allowed_port) = split_port(entry);
        name.eq_ignore_ascii_case(allowed_name) && (allowed_port.is_none() || allowed_port == port)
    })
}

/// `name:port` as its name and port; a bracketed IPv6 address keeps its colons.
fn split_port(host: &str) -> (&str, Option<&str>) {
    match host.rsplit_once(':') {
        Some((name, port))
            if !host.ends_with(']')
                && !port.is_empty()
                && port.bytes().all(|b| b.is_ascii_digit()) =>
        {
            (name, Some(port))
        }
        _ => (host, None),
    }
}

fn refusal(state: &AppState, request: &Request) -> Option<(StatusCode, String)> {
    let headers = request.headers();
    let Some(host) = request_host(request) else {
        return Some((
            StatusCode::BAD_REQUEST,
            "A request needs a Host header of plain ASCII".into(),
        ));
    };
    if !host_allowed(&state.allowed_hosts, host) {
        return Some((
            StatusCode::FORBIDDEN,
            format!(
                "Quire does not answer to the host \"{}\"",
                host.escape_debug()
            ),
        ));
    }
    let path = request.uri().path();
    if path == COLLAB {
        return socket_refusal(request, host);
    }
    let host = Some(host);
    if !path.starts_with(API) || (PUBLIC.contains(&path) && request.method() == Method::GET) {
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
    let wanted = if RAW_BODIES.contains(&path) {
        "application/octet-stream"
    } else {
        "application/json"
    };
    let typed = headers
        .get(header::CONTENT_TYPE)
        .and_then(|c| c.to_str().ok())
        .is_some_and(|c| {
            c.split(';')
                .next()
                .is_some_and(|m| m.trim().eq_ignore_ascii_case(wanted))
        });
    if !typed {
        return Some((StatusCode::BAD_REQUEST, "Bad Request".into()));
    }
    None
}

/// A browser sends `Origin` with every WebSocket and lets any page open one, so the collaboration
/// socket needs this site's own origin (a page elsewhere could otherwise join as the person).
fn socket_refusal(request: &Request, host: &str) -> Option<(StatusCode, String)> {
    let origin = request
        .headers()
        .get(header::ORIGIN)
        .and_then(|o| o.to_str().ok());
    match origin {
        Some(origin)
            if origin == format!("http://{host}") || origin == format!("https://{host}") =>
        {
            None
        }
        Some(origin) => Some((
            StatusCode::FORBIDDEN,
            format!("pages from {origin} may not open the collaboration socket"),
        )),
        None => Some((
            StatusCode::FORBIDDEN,
            "the collaboration socket needs an Origin header".into(),
        )),
    }
}

/// Keystatic's routes answer in plain text as Keystatic does; Quire's own answer JSON.
fn refuse(path: &str, status: StatusCode, message: String) -> Response {
    if path.starts_with("/api/keystatic/v1/") {
        let code = if status == StatusCode::FORBIDDEN {
            ErrorCode::Forbidden
        } else {
            ErrorCode::BadRequest
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
