//! What every way in of an image shares: whether the person may (the team's flag, their role),
//! reading the upload's `image` field, keeping a checked upload, and the addresses images are
//! delivered at.

use axum::extract::Multipart;
use axum::extract::multipart::MultipartRejection;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::Response;
use bytes::Bytes;
use serde_json::{Value, json};

use super::records;
use super::upload::{self, TOO_LARGE, UPLOAD_MAX};
use crate::error::Error;
use crate::image_store::Images;
use crate::state::Cloud;
use crate::teams::{Project, Role};

/// The images of `project`, when its team has them and `role` is `needed` or above.
pub(super) fn allowed<'a>(
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
pub(super) fn project_prefix(cloud: &Cloud, project: &Project) -> String {
    format!(
        "{}/images/{}/{}/",
        cloud.origin(),
        project.team.slug,
        project.slug
    )
}

/// The address an image of `project` is delivered at.
pub(super) fn src(cloud: &Cloud, project: &Project, id: &str, name: &str) -> String {
    format!("{}{id}/{name}", project_prefix(cloud, project))
}

/// Checks and keeps an upload called `given` in `project`, by `user_id`: `{ src, width, height }`.
pub(super) async fn keep(
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

/// The `image` field's file name and bytes.
pub(super) async fn image_field(
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

/// After a refused upload the connection closes: the refusal may come before the body was read (a
/// viewer's upload, one over the limit), and a client that sent its next request on the same
/// connection would have it read after the bytes this one left behind.
pub(super) async fn close_when_refused(mut response: Response) -> Response {
    if !response.status().is_success() {
        response
            .headers_mut()
            .insert(header::CONNECTION, HeaderValue::from_static("close"));
    }
    response
}
