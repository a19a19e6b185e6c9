//! Images of a project, which its sites' editors upload from the admin and its pages show: the
//! spec's `PUT /v1/image` (multipart `image`, bearer token, editors and above) and
//! `GET /v1/image?url=` (any member), the library on the cloud's pages (`library.rs`), and
//! delivery at a stable address per image, `/images/{team}/{project}/{id}/{name}`, with transforms
//! by query (`transform.rs`), each made once and kept. What is taken is checked by `upload.rs`; what is known of each image is in the
//! database (`records.rs`); the bytes are in the image store (`image_store.rs`), under the image's
//! id: `{id}/original` and `{id}/{transform}`. The original is never changed.

mod library;
mod records;
mod transform;
mod upload;

use std::collections::HashMap;

use axum::extract::multipart::MultipartRejection;
use axum::extract::{DefaultBodyLimit, Multipart, Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use bytes::Bytes;
use serde_json::{Value, json};

use crate::error::Error;
use crate::extract::TokenHolder;
use crate::image_store::Images;
use crate::state::Cloud;
use crate::teams::{Project, Role};
use upload::{Kind, TOO_LARGE, UPLOAD_MAX};

pub fn routes() -> Router<Cloud> {
    Router::new()
        .route(
            "/v1/image",
            get(lookup)
                .put(upload)
                // The image and the form around it; a larger body is refused before it is read.
                .layer(DefaultBodyLimit::max(UPLOAD_MAX + 64 * 1024)),
        )
        .route("/images/{team}/{project}/{id}/{name}", get(deliver))
        .merge(library::routes())
}

/// The images of `project`, when its team has them and `role` is `needed` or above.
fn allowed<'a>(
    cloud: &'a Cloud,
    project: &Project,
    role: Role,
    needed: Role,
) -> Result<&'a Images, Error> {
    let team = &project.team;
    if !team.images {
        return Err(Error::Forbidden(format!(
            "Images are off for {}: an admin of the team switches them on.",
            team.name
        )));
    }
    if !role.includes(needed) {
        return Err(Error::Forbidden(format!(
            "Viewers of {} cannot upload or change images: an admin of the team can make you an editor.",
            team.name
        )));
    }
    cloud
        .images()
        .ok_or_else(|| Error::NotFound("This cloud keeps no images.".into()))
}

/// Where `project`'s images are delivered, ending with a slash.
fn project_prefix(cloud: &Cloud, project: &Project) -> String {
    format!(
        "{}/images/{}/{}/",
        cloud.origin(),
        project.team.slug,
        project.slug
    )
}

/// The address an image of `project` is delivered at.
fn src(cloud: &Cloud, project: &Project, id: &str, name: &str) -> String {
    format!("{}{id}/{name}", project_prefix(cloud, project))
}

/// Checks and keeps an upload called `given` in `project`, by `user_id`: `{ src, width, height }`.
async fn keep(
    cloud: &Cloud,
    images: &Images,
    project: &Project,
    user_id: &str,
    given: &str,
    bytes: Bytes,
) -> Result<Value, Error> {
    let checking = bytes.clone();
    let checked = images.in_turn(move || upload::check(&checking)).await?;
    let id = crate::secret::id();
    let name = upload::file_name(given, checked.kind);
    images.put(&format!("{id}/original"), bytes.clone()).await?;
    records::insert(
        &cloud.db,
        project,
        &records::NewImage {
            id: &id,
            name: &name,
            content_type: checked.kind.content_type(),
            width: checked.width,
            height: checked.height,
            size: bytes.len(),
            uploaded_by: user_id,
        },
    )
    .await?;
    Ok(json!({
        "src": src(cloud, project, &id, &name),
        "width": checked.width,
        "height": checked.height,
    }))
}

/// `PUT /v1/image`: the multipart field `image`, checked and kept; `{ src, width, height }`.
async fn upload(
    State(cloud): State<Cloud>,
    holder: TokenHolder,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<Json<Value>, Error> {
    let images = allowed(&cloud, &holder.project, holder.role, Role::Editor)?;
    let (given, bytes) = image_field(multipart).await?;
    let kept = keep(
        &cloud,
        images,
        &holder.project,
        &holder.user.id,
        &given,
        bytes,
    )
    .await?;
    Ok(Json(kept))
}

/// The `image` field's file name and bytes.
async fn image_field(
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<(String, Bytes), Error> {
    let mut multipart = multipart.map_err(|_| {
        Error::Invalid("The upload must be a multipart form with the field image.".into())
    })?;
    let unreadable = |err: axum::extract::multipart::MultipartError| {
        if err.status() == StatusCode::PAYLOAD_TOO_LARGE {
            Error::TooLarge(TOO_LARGE.into())
        } else {
            Error::Invalid(format!("The upload could not be read: {}", err.body_text()))
        }
    };
    while let Some(field) = multipart.next_field().await.map_err(unreadable)? {
        if field.name() != Some("image") {
            continue;
        }
        let name = field.file_name().unwrap_or_default().to_string();
        let bytes = field.bytes().await.map_err(unreadable)?;
        if bytes.len() > UPLOAD_MAX {
            return Err(Error::TooLarge(TOO_LARGE.into()));
        }
        return Ok((name, bytes));
    }
    Err(Error::Invalid(
        "The upload has no field image with a file.".into(),
    ))
}

#[derive(serde::Deserialize)]
struct Lookup {
    url: String,
}

/// `GET /v1/image?url=`: `{ src, alt, width, height }` of an image of the holder's project.
async fn lookup(
    State(cloud): State<Cloud>,
    holder: TokenHolder,
    Query(lookup): Query<Lookup>,
) -> Result<Json<Value>, Error> {
    allowed(&cloud, &holder.project, holder.role, Role::Viewer)?;
    let not_ours = || {
        Error::NotFound(format!(
            "This address is not an image of {}.",
            holder.project.client_id()
        ))
    };
    let prefix = project_prefix(&cloud, &holder.project);
    let rest = lookup
        .url
        .split(['?', '#'])
        .next()
        .unwrap_or_default()
        .strip_prefix(&prefix)
        .ok_or_else(not_ours)?;
    let (id, name) = rest.split_once('/').ok_or_else(not_ours)?;
    let project = &holder.project;
    let image = records::find(&cloud.db, &project.team.slug, &project.slug, id)
        .await?
        .filter(|image| image.name == name)
        .ok_or_else(not_ours)?;
    Ok(Json(json!({
        "src": src(&cloud, &holder.project, &image.id, &image.name),
        "alt": image.alt,
        "width": image.width,
        "height": image.height,
    })))
}

/// An image as a page shows it: the original, or a transform of it, kept for good by browsers
/// and caches (its address never names other bytes), and never anything a browser would run.
async fn deliver(
    State(cloud): State<Cloud>,
    Path((team, project, id, name)): Path<(String, String, String, String)>,
    Query(query): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> Result<Response, Error> {
    let not_found = || Error::NotFound("There is no image at this address.".into());
    let images = cloud.images().ok_or_else(not_found)?;
    let image = records::find(&cloud.db, &team, &project, &id)
        .await?
        .filter(|image| image.name == name)
        .ok_or_else(not_found)?;
    let kind = Kind::ALL
        .into_iter()
        .find(|kind| kind.content_type() == image.content_type)
        .ok_or_else(|| Error::Unavailable(format!("image {} has no kind", image.id)))?;
    let original_key = format!("{}/original", image.id);
    let Some(asked) = transform::asked(&query)? else {
        let bytes = images.get(&original_key).await?.ok_or_else(not_found)?;
        return Ok(image_answer(kind.content_type(), bytes, false));
    };
    let accept = headers
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    let format = asked.format_for(kind, accept);
    let key = format!("{}/{}", image.id, asked.key(format));
    let bytes = match images.get(&key).await? {
        Some(kept) => kept,
        None => {
            let original = images.get(&original_key).await?.ok_or_else(not_found)?;
            let made = images
                .in_turn(move || asked.apply(&original, kind, format))
                .await?;
            let made = Bytes::from(made);
            images.put(&key, made.clone()).await?;
            made
        }
    };
    Ok(image_answer(
        format.content_type(),
        bytes,
        asked.format.is_none(),
    ))
}

fn image_answer(content_type: &'static str, bytes: Bytes, varies: bool) -> Response {
    let mut response = (
        [
            (header::CONTENT_TYPE, HeaderValue::from_static(content_type)),
            (
                header::CACHE_CONTROL,
                HeaderValue::from_static("public, max-age=31536000, immutable"),
            ),
            // Opened on its own, an image is a document: it may run nothing and load nothing.
            (
                header::CONTENT_SECURITY_POLICY,
                HeaderValue::from_static("default-src 'none'; sandbox"),
            ),
        ],
        bytes,
    )
        .into_response();
    if varies {
        response
            .headers_mut()
            .insert(header::VARY, HeaderValue::from_static("Accept"));
    }
    response
}
