//! The cloud's image service for the admin (`/api/keystatic/v1/cloud/image`): a person's uploads
//! (`POST`, the file's bytes as they are, its name in `?name=`), what the cloud knows of an
//! image's address (`GET ?url=`) and pages of the project's library (`/cloud/images`) go through
//! the site's server, which adds their sealed cloud token, so the page never holds it. The cloud's
//! answers, its refusals among them, are passed on as they came: the admin shows the cloud's own
//! words.

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, FromRequestParts, Query};
use axum::http::request::Parts;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Router, body::Body};
use protocol::ErrorCode;
use serde::Deserialize;
use std::sync::Arc;
use storage::{Accounts, LibraryPage, Relayed};

use crate::error::ApiError;
use crate::extract::Writer;
use crate::limits::{Work, blocking, run};
use crate::state::AppState;

/// The largest image the cloud takes; the admin says so before sending a larger one.
pub const IMAGE_MAX: usize = 10 * 1024 * 1024;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route(
            "/cloud/image",
            get(info)
                .post(upload)
                .layer(DefaultBodyLimit::max(IMAGE_MAX)),
        )
        .route("/cloud/images", get(library))
}

#[derive(Deserialize)]
struct Named {
    name: String,
}

async fn upload(
    // Both before the body is read: who may not upload is refused before it arrives, and a slow
    // upload holds only its sender's turn.
    cloud: CloudToken,
    _: Writer,
    Query(Named { name }): Query<Named>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let bytes = body.map_err(|rejection| match rejection.status() {
        StatusCode::PAYLOAD_TOO_LARGE => ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            ErrorCode::TooLarge,
            "Images must be smaller than 10MB",
        ),
        _ => ApiError::bad_request(rejection.body_text()),
    })?;
    let relayed = run(Work::Read, move || {
        cloud.accounts.upload_image(&cloud.token, &name, &bytes)
    })
    .await??;
    Ok(passed_on(relayed))
}

#[derive(Deserialize)]
struct Address {
    url: String,
}

async fn info(
    cloud: CloudToken,
    Query(Address { url }): Query<Address>,
) -> Result<Response, ApiError> {
    let relayed = blocking(move || cloud.accounts.image_info(&cloud.token, &url)).await?;
    Ok(passed_on(relayed))
}

#[derive(Deserialize)]
struct Page {
    #[serde(default)]
    q: String,
    #[serde(default)]
    offset: u32,
    limit: Option<u32>,
}

/// A page of the project's image library: `{ images, total }` as the cloud answers it (the cloud
/// bounds the page's size).
async fn library(cloud: CloudToken, Query(page): Query<Page>) -> Result<Response, ApiError> {
    let page = LibraryPage {
        search: page.q,
        offset: page.offset,
        limit: page.limit,
    };
    let relayed = blocking(move || cloud.accounts.image_library(&cloud.token, &page)).await?;
    Ok(passed_on(relayed))
}

/// The cloud token of the person asking, and the cloud it is for: 401 with the spec's words when
/// they are not signed in to a cloud.
struct CloudToken {
    accounts: Arc<dyn Accounts>,
    token: String,
}

impl FromRequestParts<AppState> for CloudToken {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        state
            .cloud_sign_in()
            .and_then(|sign_in| {
                let token = sign_in.access_token(&parts.headers)?;
                Some(CloudToken {
                    accounts: sign_in.accounts,
                    token,
                })
            })
            .ok_or_else(|| {
                ApiError::new(
                    StatusCode::UNAUTHORIZED,
                    ErrorCode::Unauthorized,
                    "You must be signed in to upload images",
                )
            })
    }
}

/// The cloud's answer as the admin gets it: its status and body, typed as JSON or as text (never
/// as anything a browser would render).
fn passed_on(relayed: Relayed) -> Response {
    let json = relayed
        .content_type
        .as_deref()
        .is_some_and(|t| t.starts_with("application/json"));
    let content_type = if json {
        "application/json"
    } else {
        "text/plain; charset=utf-8"
    };
    let status = StatusCode::from_u16(relayed.status).unwrap_or(StatusCode::BAD_GATEWAY);
    (
        status,
        [(header::CONTENT_TYPE, content_type)],
        Body::from(relayed.body),
    )
        .into_response()
}
