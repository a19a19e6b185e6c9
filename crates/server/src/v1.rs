//! Quire's own API (`/api/keystatic/v1/...`), answering JSON with stable error codes. Reads and
//! writes take an optional `?branch=` (the default branch when absent) for storage with branches.

use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use content::index::{RelatedColumns, entries_in};
use content::list;
use content::status::{Files, collection_status, singleton_changed};
use protocol::{
    CollectionSummary, CommitRequest, CommitResponse, ConfigResponse, EntryListItem,
    EntryListResponse, EntryStatus, SingletonSummary, Summary, TreeResponse,
};
use serde::Deserialize;
use std::sync::Arc;
use tower_http::compression::CompressionLayer;
use tower_http::compression::predicate::{DefaultPredicate, NotForContentType, Predicate};

use storage::{EntryKind, Storage, Tree, TreeEntry};

use crate::blob::read_blob;
use crate::branch_name::check_name;
use crate::config_wire::wire_config;
use crate::error::ApiError;
use crate::extract::OnBranch;
use crate::extract::{Store, Writer};
use crate::limits::blocking;
use crate::signin::current_user;
use crate::state::AppState;
use crate::wire::tree_json;
use crate::{branches, cloud_images, entry, write};

/// The JSON Schema of `quire.yaml`.
pub const CONFIG_SCHEMA: &str = include_str!("../../../quire.schema.json");

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
        .merge(entry::routes())
        .merge(cloud_images::routes())
        .fallback(|| async { ApiError::not_found("No such API route") })
        .layer(json_compression())
}

/// JSON answers go gzip-compressed to a browser that takes it (a page of rows, a collection's
/// slugs: a tenth of their size); blobs, mostly images that are compressed already, as they are.
fn json_compression() -> CompressionLayer<impl Predicate> {
    CompressionLayer::new().compress_when(
        DefaultPredicate::new().and(NotForContentType::const_new("application/octet-stream")),
    )
}

/// The config, or why the site's storage cannot be used (the admin shows that instead of screens).
async fn config(
    State(state): State<AppState>,
    Store(storage): Store,
    headers: axum::http::HeaderMap,
) -> Result<Json<ConfigResponse>, ApiError> {
    let user = current_user(&state, &headers).await?;
    let signed_in = user.is_some();
    let install_url = state.sign_in().and_then(|s| s.install_url);
    let cloud = crate::signin::cloud_session(&state, &headers).await?;
    let capabilities = protocol::Capabilities {
        branches: storage.branching().map(|_| protocol::BranchCapability {
            prefix: state.config.storage.branch_prefix().map(String::from),
        }),
        named_authors: storage.takes_authors() && !signed_in,
        sign_in: state
            .sign_in()
            .map(|sign_in| match sign_in.accounts.provider() {
                storage::Provider::Github => protocol::SignInProvider::Github,
                storage::Provider::Cloud => protocol::SignInProvider::Cloud,
            }),
    };
    let repository = blocking(move || {
        storage.head(None)?;
        let Some(hosting) = storage.hosting().filter(|_| signed_in) else {
            return Ok(None);
        };
        let can_write = hosting.writable()?;
        let repository = hosting.repository()?;
        Ok(Some(protocol::Repository {
            url: repository.url,
            can_write,
            fork_of: repository.fork_of,
            install_url,
            file_url: repository.file_url,
        }))
    })
    .await
    .map_err(|err| with_install_url(&state, err))?;
    let mut config = wire_config(&state.config);
    // A cloud team that does not edit together loads no collaboration at all (on a site whose
    // content is its own, quire.yaml alone says).
    if state.personal_sign_in().is_some() && cloud.as_ref().is_some_and(|cloud| !cloud.multiplayer)
    {
        config.collaboration = false;
    }
    Ok(Json(ConfigResponse {
        config,
        user,
        repository,
        capabilities,
        cloud,
    }))
}

/// A repository not found may be one the GitHub App is not installed on: say where to install it.
fn with_install_url(state: &AppState, err: ApiError) -> ApiError {
    let install_url = state.sign_in().and_then(|s| s.install_url);
    match (err.code, install_url) {
        (protocol::ErrorCode::RepoNotFound, Some(url)) => {
            let mut details = err.details.clone();
            details["installUrl"] = url.into();
            err.with_details(details)
        }
        (_, _) => err,
    }
}

async fn config_schema() -> Response {
    (
        [(header::CONTENT_TYPE, "application/schema+json")],
        CONFIG_SCHEMA,
    )
        .into_response()
}

async fn tree(Store(storage): Store, on: OnBranch) -> Result<Json<TreeResponse>, ApiError> {
    let (tree, head) = blocking(move || {
        let branch = on.branch.as_deref();
        Ok((storage.tree(branch)?, storage.head(branch)?))
    })
    .await?;
    Ok(Json(TreeResponse {
        entries: tree_json(&tree),
        head,
    }))
}

async fn blob(
    State(state): State<AppState>,
    Store(storage): Store,
    Path((sha, path)): Path<(String, String)>,
    on: OnBranch,
) -> Result<Vec<u8>, ApiError> {
    read_blob(&state, storage, on.branch, sha, path).await
}

/// A branch's tree and, when the branch is not the default one, the default branch's tree, which
/// entry statuses compare with.
async fn trees(
    storage: Arc<dyn Storage>,
    branch: Option<String>,
) -> Result<(Tree, Option<Tree>), ApiError> {
    blocking(move || {
        let tree = storage.tree(branch.as_deref())?;
        let default = match storage.branching() {
            Some(branches) => Some(branches.default_branch()?),
            None => None,
        };
        let compare = match (branch, default) {
            (Some(branch), Some(default)) if branch != default => Some(storage.tree(None)?),
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

async fn summary(
    State(state): State<AppState>,
    Store(storage): Store,
    on: OnBranch,
) -> Result<Json<Summary>, ApiError> {
    let (tree, compare) = trees(storage, on.branch).await?;
    let (files, compare) = (files(&tree), compare.as_deref().map(files));
    let config = &state.config;
    let collections = config
        .collections
        .iter()
        .map(|(key, c)| {
            let mut summary = CollectionSummary {
                count: entries_in(c, files.keys().copied()).len(),
                added: None,
                changed: None,
                removed: None,
            };
            if let Some(default) = &compare {
                let (statuses, removed) = collection_status(c, &files, default);
                let count = |wanted: content::status::EntryStatus| {
                    Some(statuses.iter().filter(|(_, s)| *s == wanted).count())
                };
                summary.added = count(content::status::EntryStatus::Added);
                summary.changed = count(content::status::EntryStatus::Changed);
                summary.removed = Some(removed.len());
            }
            (key.clone(), summary)
        })
        .collect();
    let singletons = config
        .singletons
        .iter()
        .map(|(key, s)| {
            let summary = SingletonSummary {
                exists: files.contains_key(content::paths::singleton_data_file(s).as_str()),
                changed: compare
                    .as_ref()
                    .map(|default| singleton_changed(s, &files, default)),
            };
            (key.clone(), summary)
        })
        .collect();
    Ok(Json(Summary {
        collections,
        singletons,
    }))
}

/// `?search=&sort=&direction=&offset=&limit=`: which rows of a collection's list, in which order.
#[derive(Deserialize, Default)]
struct ListQuery {
    search: Option<String>,
    /// A column's field key, `__slug` or `__status`; the first column by default.
    sort: Option<String>,
    /// `ascending` (the default) or `descending`.
    direction: Option<String>,
    #[serde(default)]
    offset: usize,
    /// At most this many rows (up to 1,000); every row without it.
    limit: Option<usize>,
}

async fn entries(
    State(state): State<AppState>,
    Store(storage): Store,
    Path(key): Path<String>,
    on: OnBranch,
    query: Result<Query<ListQuery>, QueryRejection>,
) -> Result<Json<EntryListResponse>, ApiError> {
    let collection = entry::collection_named(&state.config, &key)?.clone();
    let Query(query) = query.map_err(|e| ApiError::bad_request(e.body_text()))?;
    let request = list::Request::new(
        &collection,
        query.search.as_deref(),
        query.sort.as_deref(),
        query.direction.as_deref(),
        query.offset,
        query.limit,
    )
    .map_err(ApiError::bad_request)?;
    let related = RelatedColumns::new(&state.config, &collection);
    let branch = on.branch.clone();
    let (tree, compare) = trees(storage.clone(), on.branch).await?;
    let cache = state.rows.clone();
    let (rows, total, removed) = blocking(move || {
        let files = files(&tree);
        let statuses = compare
            .as_deref()
            .map(|default| collection_status(&collection, &files, &self::files(default)));
        let by_slug: std::collections::HashMap<&str, content::status::EntryStatus> = statuses
            .iter()
            .flat_map(|(statuses, _)| statuses.iter().map(|(slug, s)| (slug.as_str(), *s)))
            .collect();
        let entries = entries_in(&collection, files.keys().copied());
        let rows = entries.into_iter().filter_map(|(slug, path)| {
            let sha = files.get(path.as_str()).copied().unwrap_or_default();
            let read = || storage.read(branch.as_deref(), &path).ok().flatten();
            let row = cache.row(&collection, &slug, &path, sha, read)?;
            Some(Listed {
                status: by_slug.get(slug.as_str()).copied(),
                row,
                sha,
            })
        });
        let (page, total) = list::page(&collection, &request, rows);
        let page = page
            .into_iter()
            .map(|Listed { row, sha, status }| EntryListItem {
                labels: related.labels(
                    &row,
                    &cache,
                    |path| files.get(path).copied(),
                    |path| storage.read(branch.as_deref(), path).ok().flatten(),
                ),
                slug: row.slug.clone(),
                sha: sha.to_string(),
                columns: row.columns.clone(),
                problem: row.problem.clone(),
                status: status.map(wire_status),
            })
            .collect::<Vec<_>>();
        Ok((page, total, statuses.map(|(_, removed)| removed)))
    })
    .await?;
    Ok(Json(EntryListResponse {
        entries: rows,
        total: u32::try_from(total).unwrap_or(u32::MAX),
        removed,
    }))
}

/// A row of the list with what its page needs: the entry's summary, its data file's SHA and its
/// status against the default branch.
struct Listed<'a> {
    row: Arc<content::index::EntrySummary>,
    sha: &'a str,
    status: Option<content::status::EntryStatus>,
}

impl list::ListRow for Listed<'_> {
    fn text(&self) -> list::RowText<'_> {
        list::RowText {
            slug: &self.row.slug,
            title: self.row.title.as_deref(),
            columns: &self.row.columns,
            status: self.status.map(|s| s.name()),
        }
    }
}

fn wire_status(status: content::status::EntryStatus) -> EntryStatus {
    match status {
        content::status::EntryStatus::Added => EntryStatus::Added,
        content::status::EntryStatus::Changed => EntryStatus::Changed,
        content::status::EntryStatus::Unchanged => EntryStatus::Unchanged,
    }
}

async fn commit(
    State(state): State<AppState>,
    writer: Writer,
    body: Result<Json<CommitRequest>, JsonRejection>,
) -> Result<Json<CommitResponse>, ApiError> {
    let storage = writer.storage.clone();
    let Json(body) = body.map_err(ApiError::unreadable_body)?;
    if let Some(branch) = &body.branch {
        check_name(branch)?;
    }
    let request = write::Request {
        branch: body.branch,
        additions: body.additions,
        deletions: body.deletions,
        expected: Some(body.expected.into_iter().collect()),
        expected_head: body.expected_head,
        message: body.message.unwrap_or_else(|| "Update content".into()),
        author: body.author,
    };
    let outcome = write::write(&state, storage, request).await?;
    Ok(Json(CommitResponse {
        changed: outcome
            .changed
            .into_iter()
            .map(|(path, sha)| protocol::ChangedFile { path, sha })
            .collect(),
        head: outcome.head,
        warnings: outcome.warnings,
    }))
}
