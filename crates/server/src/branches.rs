//! Branch routes of Quire's API: list, create and delete branches of storage that has them.

use axum::extract::Path;
use axum::extract::rejection::JsonRejection;
use axum::http::StatusCode;
use axum::routing::{delete, get};
use axum::{Json, Router};
use protocol::{Branch, BranchList, CreatedBranch, NewBranch, PullRequest, PullRequestResponse};
use storage::{Branching, Storage};

use crate::branch_name::check_name;
use crate::error::ApiError;
use crate::extract::OnBranch;
use crate::extract::{Store, Writer};
use crate::limits::blocking;
use crate::state::AppState;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/branches", get(list).post(create))
        .route("/branches/{*name}", delete(remove))
        .route("/pull-request", get(pull_request))
}

/// The storage's branches, or [`storage::Error::NoBranches`] for storage without them.
pub fn branching(storage: &dyn Storage) -> Result<&dyn Branching, storage::Error> {
    storage.branching().ok_or(storage::Error::NoBranches)
}

async fn list(Store(storage): Store) -> Result<Json<BranchList>, ApiError> {
    let (default, list) = blocking(move || {
        let branches = branching(storage.as_ref())?;
        Ok((branches.default_branch()?, branches.list()?))
    })
    .await?;
    Ok(Json(BranchList {
        default,
        branches: list
            .into_iter()
            .map(|b| Branch {
                name: b.name,
                head: b.head,
                new_pull_request_url: b.new_pull_request_url,
            })
            .collect(),
    }))
}

async fn create(
    writer: Writer,
    body: Result<Json<NewBranch>, JsonRejection>,
) -> Result<(StatusCode, Json<CreatedBranch>), ApiError> {
    let storage = writer.storage.clone();
    let Json(body) = body.map_err(ApiError::unreadable_body)?;
    check_name(&body.name)?;
    let head = blocking(move || {
        let branches = branching(storage.as_ref())?;
        let from = match body.from {
            Some(from) => from,
            None => storage.head(None)?.ok_or(storage::Error::NoBranches)?,
        };
        branches.create(&body.name, &from)?;
        Ok(CreatedBranch {
            name: body.name,
            head: from,
        })
    })
    .await?;
    Ok((StatusCode::CREATED, Json(head)))
}

async fn remove(writer: Writer, Path(name): Path<String>) -> Result<StatusCode, ApiError> {
    let storage = writer.storage.clone();
    check_name(&name)?;
    blocking(move || branching(storage.as_ref())?.delete(&name)).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The open pull request from a branch (none from the default branch, but a fork's).
async fn pull_request(
    Store(storage): Store,
    on: OnBranch,
) -> Result<Json<PullRequestResponse>, ApiError> {
    let Some(branch) = on.branch else {
        return Ok(Json(PullRequestResponse { pull_request: None }));
    };
    let found = blocking(move || match storage.branching() {
        Some(branches) => branches.open_pull_request(&branch),
        None => Ok(None),
    })
    .await?;
    Ok(Json(PullRequestResponse {
        pull_request: found.map(|pr| PullRequest {
            number: pr.number,
            url: pr.url,
        }),
    }))
}
