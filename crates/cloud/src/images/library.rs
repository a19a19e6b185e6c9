//! The library of a project's images on the cloud's own pages, for its team's members (signed in
//! with the cloud's session): a page of images newest first, searched by name and alt text;
//! editors and above upload, set alt text and delete. Deleting removes the original and every
//! transform kept of it, so its address answers 404 from then on. A site's admin pages through the
//! same library with a person's token (`GET /v1/images`), to reuse an image in a field.

use axum::extract::multipart::MultipartRejection;
use axum::extract::{DefaultBodyLimit, Multipart, Path, Query, State};
use axum::handler::Handler;
use axum::http::StatusCode;
use axum::routing::{get, patch};
use axum::{Json, Router};
use serde_json::{Value, json};

use super::keeping::{allowed, close_when_refused, image_field, keep, src};
use super::records;
use super::upload::UPLOAD_MAX;
use crate::error::Error;
use crate::extract::{SameOrigin, SignedIn, TokenHolder};
use crate::state::Cloud;
use crate::team_routes::project_of;
use crate::teams::{Project, Role};

/// Images on a page of the library, at most.
const PAGE_MAX: u32 = 100;
/// The longest alt text taken.
const ALT_MAX: usize = 1_000;

pub fn routes() -> Router<Cloud> {
    Router::new()
        .route(
            "/api/teams/{team}/projects/{project}/images",
            get(list)
                .put(upload.layer(axum::middleware::map_response(close_when_refused)))
                .layer(DefaultBodyLimit::max(UPLOAD_MAX + 64 * 1024)),
        )
        .route(
            "/api/teams/{team}/projects/{project}/images/{id}",
            patch(set_alt).delete(remove),
        )
        .route("/v1/images", get(list_for_token))
}

#[derive(serde::Deserialize)]
struct Page {
    #[serde(default)]
    q: String,
    #[serde(default)]
    offset: u32,
    limit: Option<u32>,
}

/// `{ images: [{ id, src, name, alt, width, height, size, createdAt }], total }`.
async fn list(
    State(cloud): State<Cloud>,
    SignedIn(user): SignedIn,
    Path((team, project)): Path<(String, String)>,
    Query(page): Query<Page>,
) -> Result<Json<Value>, Error> {
    let (project, role) = project_of(&cloud, &team, &project, &user, Role::Viewer).await?;
    listed(&cloud, &project, role, page).await
}

/// `GET /v1/images?q=&offset=&limit=`: the same page, of the token's project.
async fn list_for_token(
    State(cloud): State<Cloud>,
    holder: TokenHolder,
    Query(page): Query<Page>,
) -> Result<Json<Value>, Error> {
    listed(&cloud, &holder.project, holder.role, page).await
}

async fn listed(
    cloud: &Cloud,
    project: &Project,
    role: Role,
    page: Page,
) -> Result<Json<Value>, Error> {
    allowed(cloud, project, role, Role::Viewer)?;
    let limit = page.limit.unwrap_or(60).clamp(1, PAGE_MAX);
    let (listed, total) = records::list(&cloud.db, project, &page.q, page.offset, limit).await?;
    let images: Vec<Value> = listed
        .into_iter()
        .map(|image| {
            let mut shown = json!(image);
            shown["src"] = src(cloud, project, &image.id, &image.name).into();
            shown
        })
        .collect();
    Ok(Json(json!({ "images": images, "total": total })))
}

/// An upload from the library's page: `{ src, width, height }`.
async fn upload(
    State(cloud): State<Cloud>,
    _: SameOrigin,
    SignedIn(user): SignedIn,
    Path((team, project)): Path<(String, String)>,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<Json<Value>, Error> {
    let (project, role) = project_of(&cloud, &team, &project, &user, Role::Viewer).await?;
    let images = allowed(&cloud, &project, role, Role::Editor)?;
    let (given, bytes) = image_field(multipart).await?;
    Ok(Json(
        keep(&cloud, images, &project, &user.id, &given, bytes).await?,
    ))
}

#[derive(serde::Deserialize)]
struct Alt {
    alt: String,
}

async fn set_alt(
    State(cloud): State<Cloud>,
    _: SameOrigin,
    SignedIn(user): SignedIn,
    Path((team, project, id)): Path<(String, String, String)>,
    Json(given): Json<Alt>,
) -> Result<StatusCode, Error> {
    let (project, role) = project_of(&cloud, &team, &project, &user, Role::Viewer).await?;
    allowed(&cloud, &project, role, Role::Editor)?;
    let alt = given.alt.trim();
    if alt.chars().count() > ALT_MAX {
        return Err(Error::Invalid(format!(
            "Alt text is at most {ALT_MAX} characters."
        )));
    }
    if !records::set_alt(&cloud.db, &project, &id, alt).await? {
        return Err(no_such_image());
    }
    Ok(StatusCode::NO_CONTENT)
}

async fn remove(
    State(cloud): State<Cloud>,
    _: SameOrigin,
    SignedIn(user): SignedIn,
    Path((team, project, id)): Path<(String, String, String)>,
) -> Result<StatusCode, Error> {
    let (project, role) = project_of(&cloud, &team, &project, &user, Role::Viewer).await?;
    let images = allowed(&cloud, &project, role, Role::Editor)?;
    if !records::delete(&cloud.db, &project, &id).await? {
        return Err(no_such_image());
    }
    // The record goes first: an address whose files are half removed already answers 404.
    images.remove_all(&id).await?;
    Ok(StatusCode::NO_CONTENT)
}

fn no_such_image() -> Error {
    Error::NotFound("This project has no such image.".into())
}
