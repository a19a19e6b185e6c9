//! Answers in GitHub's shapes: JSON bodies, REST's `{message, documentation_url}` errors and
//! GraphQL's `errors` with their `type`, `path` and `locations`.

use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

const DOCS: &str = "https://docs.github.com/rest";

/// `value` as GitHub sends JSON.
pub(crate) fn json(status: StatusCode, value: &Value) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "application/json; charset=utf-8")],
        value.to_string(),
    )
        .into_response()
}

/// A REST error: `{"message": …, "documentation_url": …}`.
pub(crate) fn rest_error(status: StatusCode, message: &str) -> Response {
    json(
        status,
        &json!({ "message": message, "documentation_url": DOCS }),
    )
}

/// What GitHub answers for what does not exist, or what the caller may not know exists.
pub(crate) fn not_found() -> Response {
    rest_error(StatusCode::NOT_FOUND, "Not Found")
}

/// What GitHub answers for an unknown, revoked or expired token.
pub(crate) fn bad_credentials() -> Response {
    rest_error(StatusCode::UNAUTHORIZED, "Bad credentials")
}

/// What GitHub answers when no credentials were sent.
pub(crate) fn requires_authentication() -> Response {
    rest_error(StatusCode::UNAUTHORIZED, "Requires authentication")
}

/// A GraphQL answer whose top-level `field` failed: `{"data": {field: null}, "errors": [...]}`.
/// Every document Quire sends has its one top-level field at line 2, column 3.
pub(crate) fn graphql_error(field: &str, kind: &str, message: &str) -> Value {
    json!({
        "data": { field: null },
        "errors": [{
            "type": kind,
            "path": [field],
            "locations": [{ "line": 2, "column": 3 }],
            "message": message,
        }],
    })
}

/// A GraphQL answer that has no data at all, for requests the stand-in cannot run.
pub(crate) fn graphql_failure(message: &str) -> Value {
    json!({ "errors": [{ "message": message }] })
}

/// The GraphQL answer for a repository the viewer cannot see, or that is not this one.
pub(crate) fn no_repository(owner: &str, name: &str) -> Value {
    let message = format!("Could not resolve to a Repository with the name '{owner}/{name}'.");
    graphql_error("repository", "NOT_FOUND", &message)
}
