//! Branch routes of Quire's API: list, create and delete branches of storage that has them.

use axum::extract::rejection::JsonRejection;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::routing::{delete, get};
use axum::{Json, Router};
use protocol::{Branch, BranchList, CreatedBranch, NewBranch};

use crate::branch_policy::{check_name, refuse_protected};
use crate::local_api::blocking;
use crate::pull_request::new_pull_request_url;
use crate::signin::Store;
use crate::{ApiError, AppState};

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/branches", get(list).post(create))
        .route("/branches/{*name}", delete(remove))
}

async fn list(Store(storage): Store) -> Result<Json<BranchList>, ApiError> {
    let branches = blocking(move || storage.branches())
        .await?
        .ok_or(storage::Error::NoBranches)?;
    let list = branches
        .list
        .iter()
        .map(|b| Branch {
            name: b.name.clone(),
            head: b.head.clone(),
            new_pull_request_url: branches
                .remote_url
                .as_deref()
                .filter(|_| b.name != branches.default)
                .and_then(|remote| new_pull_request_url(remote, &b.name, &branches.default)),
        })
        .collect();
    Ok(Json(BranchList {
        default: branches.default,
        branches: list,
    }))
}

async fn create(
    State(state): State<AppState>,
    Store(storage): Store,
    body: Result<Json<NewBranch>, JsonRejection>,
) -> Result<(StatusCode, Json<CreatedBranch>), ApiError> {
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
    Store(storage): Store,
    Path(name): Path<String>,
) -> Result<StatusCode, ApiError> {
    check_name(&name)?;
    blocking(move || {
        refuse_protected(&state, Some(&name))?;
        storage.delete_branch(&name)
    })
    .await?;
    Ok(StatusCode::NO_CONTENT)
}
