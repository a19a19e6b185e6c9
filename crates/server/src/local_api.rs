//! Keystatic's local-mode API, kept exactly as Keystatic serves it, with Quire's gate in front of writes.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};

use protocol::ErrorCode;

use crate::blob::read_blob;
use crate::error::ApiError;
use crate::extract::{Store, Writer};
use crate::limits::blocking;
use crate::state::AppState;
use crate::wire::tree_json;
use crate::write;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/keystatic/tree", get(tree))
        .route("/api/keystatic/blob/{sha}/{*path}", get(blob))
        .route("/api/keystatic/update", post(update))
        .route(
            "/api/keystatic/{*rest}",
            axum::routing::any(|| async { (StatusCode::NOT_FOUND, "Not Found") }),
        )
}

/// Keystatic answers its own routes' errors in plain text, and a refused path with 400.
fn plain(err: ApiError) -> Response {
    if err.code == ErrorCode::PathNotAllowed {
        return (StatusCode::BAD_REQUEST, "Bad data").into_response();
    }
    let text = match err.status {
        StatusCode::BAD_REQUEST => "Bad data".to_string(),
        StatusCode::NOT_FOUND => "Not Found".to_string(),
        StatusCode::UNPROCESSABLE_ENTITY => {
            let problems = err
                .details
                .get("problems")
                .and_then(|p| p.as_array())
                .cloned()
                .unwrap_or_default();
            problems
                .iter()
                .filter_map(|p| p.as_str())
                .collect::<Vec<_>>()
                .join("\n")
        }
        _ => err.message,
    };
    let mut response = (err.status, text).into_response();
    if err.status == StatusCode::TOO_MANY_REQUESTS {
        response.headers_mut().insert(
            axum::http::header::RETRY_AFTER,
            axum::http::HeaderValue::from_static("2"),
        );
    }
    response
}

async fn tree(Store(storage): Store) -> Response {
    match blocking(move || storage.tree(None)).await {
        Ok(tree) => Json(tree_json(&tree)).into_response(),
        Err(err) => plain(err),
    }
}

async fn blob(
    State(state): State<AppState>,
    Store(storage): Store,
    Path((sha, path)): Path<(String, String)>,
) -> Response {
    match read_blob(&state, storage, None, sha, path).await {
        Ok(bytes) => bytes.into_response(),
        Err(err) => plain(err),
    }
}

async fn update(
    State(state): State<AppState>,
    writer: Result<Writer, ApiError>,
    body: Result<Json<protocol::UpdateRequest>, axum::extract::rejection::JsonRejection>,
) -> Response {
    let result = async {
        let writer = writer?;
        let storage = writer.storage.clone();
        let Json(body) = body.map_err(ApiError::unreadable_body)?;
        let request = write::Request {
            branch: None,
            additions: body.additions,
            deletions: body.deletions,
            expected: None,
            expected_head: None,
            message: "Update content".into(),
            author: None,
        };
        write::write(&state, storage.clone(), request).await?;
        // Keystatic's route answers the whole tree after the change.
        blocking(move || storage.tree(None)).await
    }
    .await;
    match result {
        Ok(tree) => Json(tree_json(&tree)).into_response(),
        Err(err) => plain(err),
    }
}
