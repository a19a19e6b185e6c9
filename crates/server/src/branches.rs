//! Branch routes of Quire's API: list, create and delete branches of storage that has them.

use axum::extract::rejection::JsonRejection;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::routing::{delete, get};
use axum::{Json, Router};
use content::config::StorageKind;
use protocol::{Branch, BranchList, CreatedBranch, NewBranch, PullRequest, PullRequestResponse};

use crate::branch_policy::{OnBranch, check_name, refuse_protected};
use crate::limits::blocking;
use crate::pull_request::{
    fork_pull_request_url, github_new_pull_request_url, new_pull_request_url,
};
use crate::signin::{Store, Writer};
use crate::{ApiError, AppState};

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/branches", get(list).post(create))
        .route("/branches/{*name}", delete(remove))
        .route("/pull-request", get(pull_request))
}

async fn list(
    State(state): State<AppState>,
    Store(storage): Store,
) -> Result<Json<BranchList>, ApiError> {
    let on_github = matches!(state.config.storage, StorageKind::Github(_));
    let branches = blocking(move || storage.branches())
        .await?
        .ok_or(storage::Error::NoBranches)?;
    let list = branches
        .list
        .iter()
        .map(|b| Branch {
            name: b.name.clone(),
            head: b.head.clone(),
            new_pull_request_url: match (&branches.upstream, branches.remote_url.as_deref()) {
                // A fork's branches, its default one too, are proposed to the repository upstream.
                (Some(upstream), _) => Some(fork_pull_request_url(upstream, &b.name)),
                _ if b.name == branches.default => None,
                (None, Some(remote)) if on_github => {
                    Some(github_new_pull_request_url(remote, &b.name))
                }
                (None, Some(remote)) => new_pull_request_url(remote, &b.name, &branches.default),
                (None, None) => None,
            },
        })
        .collect();
    Ok(Json(BranchList {
        default: branches.default,
        branches: list,
    }))
}

async fn create(
    State(state): State<AppState>,
    writer: Writer,
    body: Result<Json<NewBranch>, JsonRejection>,
) -> Result<(StatusCode, Json<CreatedBranch>), ApiError> {
    let storage = writer.storage.clone();
    let Json(body) = body.map_err(ApiError::unreadable_body)?;
    check_name(&body.name)?;
    let head = blocking(move || {
        refuse_protected(&state, Some(&body.name))?;
        let from = match body.from {
            Some(from) => from,
            None => storage.head(None)?.ok_or(storage::Error::NoBranches)?,
        };
        storage.create_branch(&body.name, &from)?;
        Ok(CreatedBranch {
            name: body.name,
            head: from,
        })
    })
    .await?;
    Ok((StatusCode::CREATED, Json(head)))
}

async fn remove(
    State(state): State<AppState>,
    writer: Writer,
    Path(name): Path<String>,
) -> Result<StatusCode, ApiError> {
    let storage = writer.storage.clone();
    check_name(&name)?;
    blocking(move || {
        refuse_protected(&state, Some(&name))?;
        storage.delete_branch(&name)
    })
    .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The open pull request from a branch other than the default one (or from a fork's).
async fn pull_request(
    Store(storage): Store,
    on: OnBranch,
) -> Result<Json<PullRequestResponse>, ApiError> {
    let Some(branch) = on.branch else {
        return Ok(Json(PullRequestResponse { pull_request: None }));
    };
    let found = blocking(move || {
        // The default branch proposes nothing, but a fork's, to the repository upstream.
        let default = storage.default_branch()?;
        let forked = storage.remote()?.is_some_and(|r| r.upstream.is_some());
        if default.as_deref() == Some(branch.as_str()) && !forked {
            return Ok(None);
        }
        storage.open_pull_request(&branch)
    })
    .await?;
    Ok(Json(PullRequestResponse {
        pull_request: found.map(|pr| PullRequest {
            number: pr.number,
            url: pr.url,
        }),
    }))
}
