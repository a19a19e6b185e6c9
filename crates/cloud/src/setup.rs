//! The first owner. While no account exists, the cloud prints a one-time set-up link on its console
//! at start; it is the only way to make the first account, and it is spent when used.

use crate::db::{Db, now};
use crate::error::Error;
use crate::people::{self, User};
use crate::teams::{self, Role};
use crate::{audit, secret};

/// A new set-up link's token, while no account exists; `None` once one does.
pub async fn link(db: &Db) -> Result<Option<String>, Error> {
    if people::count(db).await? > 0 {
        return Ok(None);
    }
    let token = secret::token();
    sqlx::query("INSERT INTO setup_links (token_hash, created_at) VALUES ($1, $2)")
        .bind(secret::hash(&token))
        .bind(now())
        .execute(&db.pool)
        .await?;
    Ok(Some(token))
}

/// What the set-up page asks for: the first owner and their team.
#[derive(Debug, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FirstOwner {
    pub token: String,
    pub email: String,
    pub name: String,
    pub password: String,
    pub team_slug: String,
    pub team_name: String,
}

/// Makes the first owner and their team with the link's token, which is then spent.
pub async fn complete(db: &Db, form: &FirstOwner) -> Result<User, Error> {
    // Checked before the link is spent, so that a mistyped form can be sent again.
    people::email(&form.email)?;
    people::name(&form.name)?;
    teams::slug(&form.team_slug)?;
    people::name(&form.team_name)?;
    if let Some(problem) = crate::password::problem(&form.password) {
        return Err(Error::Invalid(problem));
    }
    let spent = sqlx::query("DELETE FROM setup_links WHERE token_hash = $1")
        .bind(secret::hash(&form.token))
        .execute(&db.pool)
        .await?;
    if spent.rows_affected() != 1 || people::count(db).await? > 0 {
        return Err(Error::Forbidden(
            "This set-up link has been used or is not one; the cloud has its owner.".into(),
        ));
    }
    let user = people::create(db, &form.email, &form.name, &form.password).await?;
    let team = teams::create_team(db, &form.team_slug, &form.team_name).await?;
    teams::set_member(db, &team, &user, Role::Owner).await?;
    audit::record(
        db,
        &team,
        Some(&user.id),
        "team.created",
        &format!("{} set up the cloud", user.email),
    )
    .await?;
    sqlx::query("DELETE FROM setup_links")
        .execute(&db.pool)
        .await?;
    Ok(user)
}
