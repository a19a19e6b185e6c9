//! What the database knows of each image: its project, name, kind, size, alt text and who
//! uploaded it.

use sqlx::Row;

use crate::db::Db;
use crate::error::Error;
use crate::teams::Project;

#[derive(Debug, Clone, PartialEq)]
pub struct Image {
    pub id: String,
    pub project_id: String,
    pub name: String,
    pub content_type: String,
    pub width: u32,
    pub height: u32,
    pub size: u64,
    pub alt: String,
}

/// What a new image is.
pub struct NewImage<'a> {
    pub id: &'a str,
    pub name: &'a str,
    pub content_type: &'a str,
    pub width: u32,
    pub height: u32,
    pub size: usize,
    pub uploaded_by: &'a str,
}

pub async fn insert(db: &Db, project: &Project, image: &NewImage<'_>) -> Result<(), Error> {
    sqlx::query("INSERT INTO images (id, project_id, name, content_type, width, height, size, uploaded_by, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)")
        .bind(image.id)
        .bind(&project.id)
        .bind(image.name)
        .bind(image.content_type)
        .bind(i64::from(image.width))
        .bind(i64::from(image.height))
        .bind(image.size as i64)
        .bind(image.uploaded_by)
        // Milliseconds: uploads of one second keep their order in the library.
        .bind(jiff::Timestamp::now().as_millisecond())
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// The image `id` of the project `team/project`.
pub async fn find(db: &Db, team: &str, project: &str, id: &str) -> Result<Option<Image>, Error> {
    let row = sqlx::query("SELECT images.id, images.project_id, images.name, images.content_type, images.width, images.height, images.size, images.alt FROM images JOIN projects ON projects.id = images.project_id JOIN teams ON teams.id = projects.team_id WHERE images.id = $1 AND teams.slug = $2 AND projects.slug = $3")
        .bind(id)
        .bind(team)
        .bind(project)
        .fetch_optional(&db.pool)
        .await?;
    let Some(row) = row else { return Ok(None) };
    Ok(Some(Image {
        id: row.try_get("id")?,
        project_id: row.try_get("project_id")?,
        name: row.try_get("name")?,
        content_type: row.try_get("content_type")?,
        width: row.try_get::<i64, _>("width")? as u32,
        height: row.try_get::<i64, _>("height")? as u32,
        size: row.try_get::<i64, _>("size")? as u64,
        alt: row.try_get("alt")?,
    }))
}

/// An image as the library lists it.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Listed {
    pub id: String,
    pub name: String,
    pub alt: String,
    pub width: u32,
    pub height: u32,
    pub size: u64,
    /// Unix milliseconds.
    pub created_at: i64,
}

/// The images of project `$1` whose name or alt text is like `$2`, escaped with a backslash.
macro_rules! matching {
    () => {
        "project_id = $1 AND (LOWER(name) LIKE $2 ESCAPE '\\' OR LOWER(alt) LIKE $2 ESCAPE '\\')"
    };
}

/// A page of `project`'s images, newest first, whose name or alt text holds `search` (any case),
/// and how many there are in all.
pub async fn list(
    db: &Db,
    project: &Project,
    search: &str,
    offset: u32,
    limit: u32,
) -> Result<(Vec<Listed>, u64), Error> {
    // LIKE's own characters are searched for as they are.
    let pattern = format!(
        "%{}%",
        search
            .trim()
            .to_lowercase()
            .replace('\\', "\\\\")
            .replace('%', "\\%")
            .replace('_', "\\_")
    );
    let rows = sqlx::query(concat!(
        "SELECT id, name, alt, width, height, size, created_at FROM images WHERE ",
        matching!(),
        " ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4"
    ))
    .bind(&project.id)
    .bind(&pattern)
    .bind(i64::from(limit))
    .bind(i64::from(offset))
    .fetch_all(&db.pool)
    .await?;
    let total: i64 = sqlx::query_scalar(concat!("SELECT COUNT(*) FROM images WHERE ", matching!()))
        .bind(&project.id)
        .bind(&pattern)
        .fetch_one(&db.pool)
        .await?;
    let listed = rows
        .iter()
        .map(|row| {
            Ok(Listed {
                id: row.try_get("id")?,
                name: row.try_get("name")?,
                alt: row.try_get("alt")?,
                width: row.try_get::<i64, _>("width")? as u32,
                height: row.try_get::<i64, _>("height")? as u32,
                size: row.try_get::<i64, _>("size")? as u64,
                created_at: row.try_get("created_at")?,
            })
        })
        .collect::<Result<Vec<_>, sqlx::Error>>()?;
    Ok((listed, total as u64))
}

/// Sets the alt text of `project`'s image `id`; false when it has none such.
pub async fn set_alt(db: &Db, project: &Project, id: &str, alt: &str) -> Result<bool, Error> {
    let done = sqlx::query("UPDATE images SET alt = $1 WHERE id = $2 AND project_id = $3")
        .bind(alt)
        .bind(id)
        .bind(&project.id)
        .execute(&db.pool)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Forgets `project`'s image `id`; false when it has none such.
pub async fn delete(db: &Db, project: &Project, id: &str) -> Result<bool, Error> {
    let done = sqlx::query("DELETE FROM images WHERE id = $1 AND project_id = $2")
        .bind(id)
        .bind(&project.id)
        .execute(&db.pool)
        .await?;
    Ok(done.rows_affected() == 1)
}
