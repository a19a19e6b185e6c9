//! Sign-in sessions on the cloud's own pages: a server-side record per session, named by a random
//! token in an httpOnly cookie (only its hash is stored), so that signing out ends it everywhere.

use sqlx::Row;

use crate::db::{Db, now};
use crate::error::Error;
use crate::people::{self, User};
use crate::secret;

/// How long a session lasts.
pub const LIFETIME_SECS: i64 = 30 * 24 * 60 * 60;

/// Starts a session for `user`; the token goes into the cookie.
pub async fn start(db: &Db, user: &User) -> Result<String, Error> {
    let token = secret::token();
    let at = now();
    sqlx::query("INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)")
        .bind(secret::hash(&token))
        .bind(&user.id)
        .bind(at)
        .bind(at + LIFETIME_SECS)
        .execute(&db.pool)
        .await?;
    Ok(token)
}

/// The person whose session `token` names, while it lasts.
pub async fn user(db: &Db, token: &str) -> Result<Option<User>, Error> {
    let row = sqlx::query("SELECT user_id FROM sessions WHERE token_hash = $1 AND expires_at > $2")
        .bind(secret::hash(token))
        .bind(now())
        .fetch_optional(&db.pool)
        .await?;
    match row {
        Some(row) => people::by_id(db, &row.try_get::<String, _>("user_id")?).await,
        None => Ok(None),
    }
}

/// Ends the session `token` names.
pub async fn end(db: &Db, token: &str) -> Result<(), Error> {
    sqlx::query("DELETE FROM sessions WHERE token_hash = $1")
        .bind(secret::hash(token))
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// Ends every session of `user` ("sign out everywhere"), and their sign-ins to sites too.
pub async fn end_all(db: &Db, user: &User) -> Result<(), Error> {
    sqlx::query("DELETE FROM sessions WHERE user_id = $1")
        .bind(&user.id)
        .execute(&db.pool)
        .await?;
    sqlx::query(
        "UPDATE access_tokens SET revoked_at = $1 WHERE user_id = $2 AND revoked_at IS NULL",
    )
    .bind(now())
    .bind(&user.id)
    .execute(&db.pool)
    .await?;
    Ok(())
}
