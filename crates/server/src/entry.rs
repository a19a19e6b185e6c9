//! What opening an entry reads: the files of its area (`/collections/{c}/entries/{slug}`,
//! `/singletons/{s}`) with the texts of its data and content files inline, and a collection's slugs
//! (`/collections/{c}/slugs`): those that begin a slug being typed, for the slug field's
//! uniqueness, and those a relationship picker's search finds; never more than asked for.

use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::routing::get;
use axum::{Json, Router};
use content::config::{Collection, Config};
use content::entry_area::{Area, collection_area, singleton_area};
use content::entry_files::{Role, claims};
use content::index::entries_in;
use content::paths::CollectionLayout;
use protocol::{EntryFile, EntryFilesResponse, SlugsResponse};
use serde::Deserialize;
use std::sync::Arc;
use storage::{EntryKind, Storage};

use crate::error::ApiError;
use crate::extract::OnBranch;
use crate::extract::Store;
use crate::limits::blocking;
use crate::state::AppState;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route(
            "/collections/{collection}/entries/{*slug}",
            get(collection_entry),
        )
        .route("/collections/{collection}/slugs", get(slugs))
        .route("/singletons/{singleton}", get(singleton_entry))
}

/// The collection `key` of the config; 404 when there is none.
pub(crate) fn collection_named<'c>(
    config: &'c Config,
    key: &str,
) -> Result<&'c Collection, ApiError> {
    config
        .collection(key)
        .ok_or_else(|| ApiError::not_found(format!("There is no collection \"{key}\"")))
}

async fn collection_entry(
    State(state): State<AppState>,
    Store(storage): Store,
    Path((key, slug)): Path<(String, String)>,
    on: OnBranch,
) -> Result<Json<EntryFilesResponse>, ApiError> {
    let collection = collection_named(&state.config, &key)?;
    let layout = CollectionLayout::new(collection);
    if layout
        .slug_of_data_file(&layout.data_file(&slug))
        .as_deref()
        != Some(slug.as_str())
    {
        return Err(ApiError::bad_request(format!(
            "\"{slug}\" is not a slug of the collection {key}"
        )));
    }
    let area = collection_area(collection, &slug);
    entry_files(state.config.clone(), storage, on.branch, area).await
}

async fn singleton_entry(
    State(state): State<AppState>,
    Store(storage): Store,
    Path(key): Path<String>,
    on: OnBranch,
) -> Result<Json<EntryFilesResponse>, ApiError> {
    let singleton = state
        .config
        .singleton(&key)
        .ok_or_else(|| ApiError::not_found(format!("There is no singleton \"{key}\"")))?;
    let area = singleton_area(singleton);
    entry_files(state.config.clone(), storage, on.branch, area).await
}

/// The files of `area` on the branch; the texts of those the config reads as the entry's data or
/// content, with SHAs taken from the bytes read, so text and SHA always agree.
async fn entry_files(
    config: Arc<Config>,
    storage: Arc<dyn Storage>,
    branch: Option<String>,
    area: Area,
) -> Result<Json<EntryFilesResponse>, ApiError> {
    let response = blocking(move || {
        let branch = branch.as_deref();
        let head = storage.head(branch)?;
        let mut files = Vec::new();
        for entry in storage.tree(branch)?.iter() {
            if entry.kind != EntryKind::Blob || !area.contains(&entry.path) {
                continue;
            }
            let is_text = claims(&config, &entry.path).iter().any(|claim| {
                claim.entry.data_file == area.data_file
                    && matches!(claim.role, Role::Data | Role::Content)
            });
            let mut file = EntryFile {
                path: entry.path.clone(),
                sha: entry.sha.clone(),
                text: None,
            };
            if is_text && let Some(bytes) = storage.read(branch, &file.path)? {
                file.sha = storage::blob_sha(&bytes);
                file.text = String::from_utf8(bytes).ok();
            }
            files.push(file);
        }
        Ok(EntryFilesResponse { files, head })
    })
    .await?;
    Ok(Json(response))
}

/// `?prefix=&search=&limit=`: which of a collection's slugs.
#[derive(Deserialize, Default)]
struct SlugQuery {
    /// Only slugs that begin with this, as written (a slug being typed, and its `-1`, `-2`, ...).
    prefix: Option<String>,
    /// Only slugs that contain this, in any case (a picker's search).
    search: Option<String>,
    /// The first this many, in order; every one without it.
    limit: Option<usize>,
}

async fn slugs(
    State(state): State<AppState>,
    Store(storage): Store,
    Path(key): Path<String>,
    on: OnBranch,
    query: Result<Query<SlugQuery>, QueryRejection>,
) -> Result<Json<SlugsResponse>, ApiError> {
    let collection = collection_named(&state.config, &key)?.clone();
    let Query(query) = query.map_err(|e| ApiError::bad_request(e.body_text()))?;
    let response = blocking(move || {
        let branch = on.branch.as_deref();
        let head = storage.head(branch)?;
        let tree = storage.tree(branch)?;
        let paths = tree
            .iter()
            .filter(|e| e.kind == EntryKind::Blob)
            .map(|e| e.path.as_str());
        let prefix = query.prefix.unwrap_or_default();
        let search = query.search.unwrap_or_default().to_lowercase();
        let slugs = entries_in(&collection, paths)
            .into_iter()
            .map(|(slug, _)| slug)
            .filter(|slug| slug.starts_with(&prefix) && slug.to_lowercase().contains(&search))
            .take(query.limit.unwrap_or(usize::MAX))
            .collect();
        Ok(SlugsResponse { slugs, head })
    })
    .await?;
    Ok(Json(response))
}
