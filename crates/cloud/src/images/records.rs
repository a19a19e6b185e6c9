//! What the database knows of each image: its project, name, kind, size, alt text and who
//! uploaded it.

use sqlx::Row;

use crate::db::{Db, now};
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
        .bind(now())
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
