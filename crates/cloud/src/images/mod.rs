//! Images of a project, which its sites' editors upload from the admin and its pages show: the
//! spec's `PUT /v1/image` (multipart `image`, bearer token, editors and above) and
//! `GET /v1/image?url=` (any member), the library on the cloud's pages and for a site's admin
//! (`library.rs`, `GET /v1/images`), and
//! delivery at a stable address per image, `/images/{team}/{project}/{id}/{name}`, with transforms
//! by query (`transform.rs`), each made once and kept. What is taken is checked by `upload.rs` and
//! kept by `keeping.rs`; what is known of each image is in the database (`records.rs`); the bytes
//! are in the image store (`image_store.rs`), under the image's id: `{id}/original` and
//! `{id}/{transform}`. The original is never changed.

mod keeping;
mod library;
mod records;
mod transform;
mod upload;

use std::collections::HashMap;

use axum::extract::multipart::MultipartRejection;
use axum::extract::{DefaultBodyLimit, Multipart, Path, Query, State};
use axum::handler::Handler;
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use bytes::Bytes;
use serde_json::{Value, json};

use crate::error::Error;
use crate::extract::TokenHolder;
use crate::state::Cloud;
use crate::teams::Role;
use keeping::{allowed, close_when_refused, image_field, keep, project_prefix, src};
use upload::{Kind, UPLOAD_MAX};

pub fn routes() -> Router<Cloud> {
    Router::new()
        .route(
            "/v1/image",
            get(lookup)
                .put(upload.layer(axum::middleware::map_response(close_when_refused)))
                // The image and the form around it; a larger body is refused before it is read.
                .layer(DefaultBodyLimit::max(UPLOAD_MAX + 64 * 1024)),
        )
        .route("/images/{team}/{project}/{id}/{name}", get(deliver))
        .merge(library::routes())
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
