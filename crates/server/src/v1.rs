//! Quire's own API (`/api/keystatic/v1/...`), answering JSON with stable error codes. Reads and
//! writes take an optional `?branch=` (the default branch when absent) for storage with branches.

use axum::extract::rejection::JsonRejection;
use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use content::index::entries_in;
use serde::Deserialize;
use serde_json::{Value, json};
use storage::EntryKind;

use crate::local_api::{blocking, read_blob};
use crate::wire::{CommitBody, EntryRow, tree_json};
use crate::{ApiError, AppState, CONFIG_SCHEMA, branches, change_set};

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/config", get(config))
        .route("/config-schema.json", get(config_schema))
        .route("/tree", get(tree))
        .route("/blob/{sha}/{*path}", get(blob))
        .route("/summary", get(summary))
        .route("/collections/{collection}/entries", get(entries))
        .route("/commit", post(commit))
        .merge(branches::routes())
        .fallback(|| async { ApiError::not_found("No such API route") })
}

/// `?branch=NAME`.
#[derive(Deserialize)]
pub struct OnBranch {
    pub branch: Option<String>,
}

/// The config, or why the site's storage cannot be used (the admin shows that instead of screens).
async fn config(State(state): State<AppState>) -> Result<Json<Value>, ApiError> {
    let storage = state.storage.clone();
    blocking(move || storage.head(None)).await?;
    Ok(Json(json!({ "config": state.config.to_json() })))
}

async fn config_schema() -> Response {
    (
        [(header::CONTENT_TYPE, "application/schema+json")],
        CONFIG_SCHEMA,
    )
        .into_response()
}

async fn tree(
    State(state): State<AppState>,
    Query(on): Query<OnBranch>,
) -> Result<Json<Value>, ApiError> {
    let (tree, head) = blocking(move || {
        let branch = on.branch.as_deref();
        Ok((state.storage.tree(branch)?, state.storage.head(branch)?))
    })
    .await?;
    Ok(Json(json!({ "entries": tree_json(tree), "head": head })))
}

async fn blob(
    State(state): State<AppState>,
    Path((sha, path)): Path<(String, String)>,
    Query(on): Query<OnBranch>,
) -> Result<Vec<u8>, ApiError> {
    read_blob(state, on.branch, sha, path).await
}

async fn summary(
    State(state): State<AppState>,
    Query(on): Query<OnBranch>,
) -> Result<Json<Value>, ApiError> {
    let config = state.config.clone();
    let tree = blocking(move || state.storage.tree(on.branch.as_deref())).await?;
    let files: Vec<&str> = tree
        .iter()
        .filter(|e| e.kind == EntryKind::Blob)
        .map(|e| e.path.as_str())
        .collect();
    let collections: serde_json::Map<String, Value> = config
        .collections
        .iter()
        .map(|(key, c)| {
            (
                key.clone(),
                json!({ "count": entries_in(c, files.iter().copied()).len() }),
            )
        })
        .collect();
    let singletons: serde_json::Map<String, Value> = config
        .singletons
        .iter()
        .map(|(key, s)| {
            let path = content::paths::singleton_data_file(s);
            (
                key.clone(),
                json!({ "exists": files.contains(&path.as_str()) }),
            )
        })
        .collect();
    Ok(Json(
        json!({ "collections": collections, "singletons": singletons }),
    ))
}

async fn entries(
    State(state): State<AppState>,
    Path(key): Path<String>,
    Query(on): Query<OnBranch>,
) -> Result<Json<Value>, ApiError> {
    let config = state.config.clone();
    let Some(collection) = config.collection(&key).cloned() else {
        return Err(ApiError::not_found(format!(
            "There is no collection \"{key}\""
        )));
    };
    let storage = state.storage.clone();
    let cache = state.rows.clone();
    let rows = blocking(move || {
        let branch = on.branch.as_deref();
        let tree = storage.tree(branch)?;
        let shas: std::collections::HashMap<&str, &str> = tree
            .iter()
            .filter(|e| e.kind == EntryKind::Blob)
            .map(|e| (e.path.as_str(), e.sha.as_str()))
            .collect();
        let mut cache = cache
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let mut rows = Vec::new();
        for (slug, path) in entries_in(&collection, shas.keys().copied()) {
            let sha = shas.get(path.as_str()).copied().unwrap_or_default();
            let read = || storage.read(branch, &path).ok().flatten();
            if let Some(row) = cache.row(&collection, &slug, &path, sha, read) {
                rows.push(EntryRow {
                    slug,
                    sha: sha.to_string(),
                    columns: row.columns,
                    problem: row.problem,
                });
            }
        }
        Ok(rows)
    })
    .await?;
    Ok(Json(json!({ "entries": rows })))
}

async fn commit(
    State(state): State<AppState>,
    body: Result<Json<CommitBody>, JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let Json(body) = body.map_err(|e| ApiError::bad_request(e.body_text()))?;
    let mut expected = Vec::new();
    for (path, sha) in body.expected {
        match sha {
            Value::Null => expected.push((path, None)),
            Value::String(sha) => expected.push((path, Some(sha))),
            _ => {
                return Err(ApiError::bad_request(format!(
                    "expected[\"{path}\"] must be a sha or null"
                )));
            }
        }
    }
    let mut change = change_set::build(&state, body.additions, body.deletions)?;
    let touched = change
        .additions
        .iter()
        .map(|(p, _)| p)
        .chain(&change.deletions);
    if let Some(unexpected) = touched
        .clone()
        .find(|p| !expected.iter().any(|(e, _)| e == *p))
    {
        return Err(ApiError::bad_request(format!(
            "expected must give the sha read for every path written or deleted; \"{unexpected}\" is missing"
        )));
    }
    change.expected = expected;
    change.expected_head = body.expected_head;
    change.message = body.message.unwrap_or_else(|| "Update content".into());
    let branch = body.branch;
    branches::refuse_protected(&state, branch.as_deref()).await?;
    let storage = state.storage.clone();
    let (tree, head) = blocking(move || {
        let branch = branch.as_deref();
        let head = storage.commit(branch, &change)?;
        Ok((storage.tree(branch)?, head))
    })
    .await?;
    Ok(Json(json!({ "entries": tree_json(tree), "head": head })))
}
