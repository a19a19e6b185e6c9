//! People's pictures. An upload (PNG, JPEG, WebP or GIF) is decoded within limits, cut to a square
//! from its middle and stored as a 256-pixel PNG, so that what is served is always an image the
//! cloud made. Without one, pages draw the person's initials.

use std::io::Cursor;

use image::{ImageFormat, ImageReader, Limits};
use sqlx::Row;

use crate::db::Db;
use crate::error::Error;
use crate::people::User;

/// The largest upload taken.
pub const UPLOAD_MAX: usize = 5 * 1024 * 1024;

/// The side of a stored picture, in pixels.
const SIDE: u32 = 256;

/// The largest side of an upload, in pixels (a small file can unpack to a huge image).
const DECODED_SIDE_MAX: u32 = 8_000;

/// The path `user`'s picture of `version` is served at.
fn path(user_id: &str, version: &str) -> String {
    format!("/avatars/{user_id}?v={version}")
}

/// Makes `upload` `user`'s picture; the address it is served at.
pub async fn set(db: &Db, user: &User, upload: &[u8]) -> Result<String, Error> {
    let png = tokio::task::spawn_blocking({
        let upload = upload.to_vec();
        move || square_png(&upload)
    })
    .await
    .map_err(|e| Error::Unavailable(format!("avatar: {e}")))??;
    // A new address for each picture, so that browsers may keep one for good.
    let version = crate::secret::id()[..12].to_string();
    let mut tx = db.pool.begin().await?;
    sqlx::query("DELETE FROM avatars WHERE user_id = $1")
        .bind(&user.id)
        .execute(&mut *tx)
        .await?;
    sqlx::query("INSERT INTO avatars (user_id, image, version) VALUES ($1, $2, $3)")
        .bind(&user.id)
        .bind(png)
        .bind(&version)
        .execute(&mut *tx)
        .await?;
    let url = path(&user.id, &version);
    sqlx::query("UPDATE users SET avatar_url = $1 WHERE id = $2")
        .bind(&url)
        .bind(&user.id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(url)
}

/// Takes `user`'s picture away (pages draw initials again).
pub async fn remove(db: &Db, user: &User) -> Result<(), Error> {
    sqlx::query("DELETE FROM avatars WHERE user_id = $1")
        .bind(&user.id)
        .execute(&db.pool)
        .await?;
    sqlx::query("UPDATE users SET avatar_url = NULL WHERE id = $1")
        .bind(&user.id)
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// The PNG of the person `user_id`, if they have a picture.
pub async fn image(db: &Db, user_id: &str) -> Result<Option<Vec<u8>>, Error> {
    let row = sqlx::query("SELECT image FROM avatars WHERE user_id = $1")
        .bind(user_id)
        .fetch_optional(&db.pool)
        .await?;
    row.map(|row| row.try_get("image").map_err(Error::from))
        .transpose()
}

/// `upload` as a [`SIDE`]-pixel square PNG, or why it is not a picture.
fn square_png(upload: &[u8]) -> Result<Vec<u8>, Error> {
    let not_a_picture = || {
        Error::Invalid("The file is not a picture the cloud reads: PNG, JPEG, WebP or GIF.".into())
    };
    let mut reader = ImageReader::new(Cursor::new(upload))
        .with_guessed_format()
        .map_err(|_| not_a_picture())?;
    if !matches!(
        reader.format(),
        Some(ImageFormat::Png | ImageFormat::Jpeg | ImageFormat::WebP | ImageFormat::Gif)
    ) {
        return Err(not_a_picture());
    }
    let mut limits = Limits::default();
    limits.max_image_width = Some(DECODED_SIDE_MAX);
    limits.max_image_height = Some(DECODED_SIDE_MAX);
    reader.limits(limits);
    let decoded = reader.decode().map_err(|error| match error {
        image::ImageError::Limits(_) => Error::Invalid(format!(
            "The picture is too large: at most {DECODED_SIDE_MAX} pixels a side."
        )),
        _ => not_a_picture(),
    })?;
    let square = decoded.resize_to_fill(SIDE, SIDE, image::imageops::FilterType::Lanczos3);
    let mut png = Vec::new();
    square
        .to_rgba8()
        .write_to(&mut Cursor::new(&mut png), ImageFormat::Png)
        .map_err(|e| Error::Unavailable(format!("avatar PNG: {e}")))?;
    Ok(png)
}
