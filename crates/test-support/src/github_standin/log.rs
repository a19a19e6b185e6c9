//! The request log: every request but the control API's, with the GraphQL operation it ran, so
//! that tests can assert what a client asked for and how often (a cache that works asks less).

use std::sync::Arc;

use axum::body::{Body, to_bytes};
use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::Response;
use serde_json::Value;

use super::graphql;
use super::reply;
use super::state::{LoggedRequest, Shared};

/// The largest request body taken: a commit of many images is large once in base64.
pub(crate) const BODY_LIMIT: usize = 256 * 1024 * 1024;

/// Middleware: records the request, then runs it.
pub(crate) async fn record(
    State(shared): State<Arc<Shared>>,
    request: Request,
    next: Next,
) -> Response {
    let path = request.uri().path().to_string();
    if path.starts_with("/_standin/") {
        return next.run(request).await;
    }
    let method = request.method().to_string();
    let mut operation = None;
    let request = if path == "/api/graphql" {
        let (parts, body) = request.into_parts();
        let Ok(bytes) = to_bytes(body, BODY_LIMIT).await else {
            return reply::rest_error(StatusCode::PAYLOAD_TOO_LARGE, "Payload too large");
        };
        operation = serde_json::from_slice::<Value>(&bytes)
            .ok()
            .and_then(|sent| graphql::operation_of(sent["query"].as_str()?))
            .map(|operation| operation.name().to_string());
        Request::from_parts(parts, Body::from(bytes))
    } else {
        request
    };
    let logged = LoggedRequest {
        method,
        path,
        operation,
    };
    shared.lock().log.push(logged);
    next.run(request).await
}
