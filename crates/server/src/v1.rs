//! Quire's own API (`/api/keystatic/v1/...`), answering JSON with stable error codes. Reads and
//! writes take an optional `?branch=` (the default branch when absent) for storage with branches.

use axum::extract::rejection::JsonRejection;
use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use content::index::entries_in;
use content::status::{EntryStatus, Files, collection_status, singleton_changed};
use serde_json::{Value, json};
use storage::{EntryKind, TreeEntry};

use crate::branch_policy::{OnBranch, check_name};
use crate::local_api::{blocking, read_blob};
use crate::wire::{CommitBody, EntryRow, tree_json};
use crate::{ApiError, AppState, CONFIG_SCHEMA, branches, write};

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

async fn tree(State(state): State<AppState>, on: OnBranch) -> Result<Json<Value>, ApiError> {
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
    on: OnBranch,
) -> Result<Vec<u8>, ApiError> {
    read_blob(state, on.branch, sha, path).await
}

/// A branch's tree and, when the branch is not the default one, the default branch's tree, which
/// entry statuses compare with.
async fn trees(
    state: &AppState,
    branch: Option<String>,
) -> Result<(Vec<TreeEntry>, Option<Vec<TreeEntry>>), ApiError> {
    let storage = state.storage.clone();
    blocking(move || {
        let tree = storage.tree(branch.as_deref())?;
        let compare = match (branch, storage.branches()?) {
            (Some(branch), Some(branches)) if branch != branches.default => {
                Some(storage.tree(None)?)
            }
            _ => None,
        };
        Ok((tree, compare))
    })
    .await
}

/// Blob paths and shas of a tree.
fn files(tree: &[TreeEntry]) -> Files<'_> {
    tree.iter()
        .filter(|e| e.kind == EntryKind::Blob)
        .map(|e| (e.path.as_str(), e.sha.as_str()))
        .collect()
}

async fn summary(State(state): State<AppState>, on: OnBranch) -> Result<Json<Value>, ApiError> {
    let (tree, compare) = trees(&state, on.branch).await?;
    let (files, compare) = (files(&tree), compare.as_deref().map(files));
    let config = &state.config;
    let collections: serde_json::Map<String, Value> = config
        .collections
        .iter()
        .map(|(key, c)| {
            let mut summary = json!({ "count": entries_in(c, files.keys().copied()).len() });
            if let Some(default) = &compare {
                let (statuses, removed) = collection_status(c, &files, default);
                let count =
                    |wanted: EntryStatus| statuses.iter().filter(|(_, s)| *s == wanted).count();
                summary["added"] = json!(count(EntryStatus::Added));
                summary["changed"] = json!(count(EntryStatus::Changed));
                summary["removed"] = json!(removed.len());
            }
            (key.clone(), summary)
        })
        .collect();
    let singletons: serde_json::Map<String, Value> = config
        .singletons
        .iter()
        .map(|(key, s)| {
            let exists = files.contains_key(content::paths::singleton_data_file(s).as_str());
            let mut summary = json!({ "exists": exists });
            if let Some(default) = &compare {
                summary["changed"] = json!(singleton_changed(s, &files, default));
            }
            (key.clone(), summary)
        })
        .collect();
    Ok(Json(
        json!({ "collections": collections, "singletons": singletons }),
    ))
}

async fn entries(
    State(state): State<AppState>,
    Path(key): Path<String>,
    on: OnBranch,
) -> Result<Json<Value>, ApiError> {
    let Some(collection) = state.config.collection(&key).cloned() else {
        return Err(ApiError::not_found(format!(
            "There is no collection \"{key}\""
        )));
    };
    let branch = on.branch.clone();
    let (tree, compare) = trees(&state, on.branch).await?;
    let storage = state.storage.clone();
    let cache = state.rows.clone();
    let (rows, removed) = blocking(move || {
        let files = files(&tree);
        let statuses = compare
            .as_deref()
            .map(|default| collection_status(&collection, &files, &self::files(default)));
        let status_of = |slug: &str| {
            let (statuses, _) = statuses.as_ref()?;
            statuses
                .iter()
                .find(|(s, _)| s == slug)
                .map(|(_, status)| status.name())
        };
        let mut cache = cache
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let mut rows = Vec::new();
        for (slug, path) in entries_in(&collection, files.keys().copied()) {
            let sha = files.get(path.as_str()).copied().unwrap_or_default();
            let read = || storage.read(branch.as_deref(), &path).ok().flatten();
            if let Some(row) = cache.row(&collection, &slug, &path, sha, read) {
                let status = status_of(&slug);
                rows.push(EntryRow {
                    slug,
                    sha: sha.to_string(),
                    columns: row.columns,
                    problem: row.problem,
                    status,
                });
            }
        }
        Ok((rows, statuses.map(|(_, removed)| removed)))
    })
    .await?;
    Ok(Json(json!({ "entries": rows, "removed": removed })))
}

async fn commit(
    State(state): State<AppState>,
    body: Result<Json<CommitBody>, JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let Json(body) = body.map_err(|e| ApiError::bad_request(e.body_text()))?;
    if let Some(branch) = &body.branch {
        check_name(branch)?;
    }
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
    let request = write::Request {
        branch: body.branch,
        additions: body.additions,
        deletions: body.deletions,
        expected: Some(expected),
        expected_head: body.expected_head,
        message: body.message.unwrap_or_else(|| "Update content".into()),
    };
    let outcome = write::write(&state, request).await?;
    let warnings: Vec<Value> = outcome
        .warnings
        .iter()
        .map(|w| json!({ "code": w.code, "message": w.message }))
        .collect();
    Ok(Json(json!({
        "entries": tree_json(outcome.tree),
        "head": outcome.head,
        "warnings": warnings,
    })))
}
