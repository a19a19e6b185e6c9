//! Sign-in sessions on the cloud's own pages: a server-side record per session, named by a random
//! token in an httpOnly cookie (only its hash is stored), so that signing out ends it everywhere.

use sqlx::Row;

use crate::db::{Db, now};
use crate::error::Error;
use crate::people::{self, User};
use crate::secret;

/// How long a session lasts.
pub const LIFETIME_SECS: i64 = 30 * 24 * 60 * 60;

/// The longest browser description kept.
const USER_AGENT_MAX: usize = 300;

/// Starts a session for `user` in the browser `user_agent`; the token goes into the cookie.
pub async fn start(db: &Db, user: &User, user_agent: &str) -> Result<String, Error> {
    let token = secret::token();
    let at = now();
    let user_agent: String = user_agent
        .chars()
        .filter(|c| !c.is_control())
        .take(USER_AGENT_MAX)
        .collect();
    sqlx::query("INSERT INTO sessions (token_hash, user_id, created_at, expires_at, user_agent) VALUES ($1, $2, $3, $4, $5)")
        .bind(secret::hash(&token))
        .bind(&user.id)
        .bind(at)
        .bind(at + LIFETIME_SECS)
        .bind(&user_agent)
        .execute(&db.pool)
        .await?;
    Ok(token)
}

/// A session as the account page lists it.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Listed {
    /// Its [`secret::public_id`].
    pub id: String,
    pub created_at: i64,
    pub user_agent: String,
    /// The session of the request that asks.
    pub current: bool,
}

/// The sessions of `user` that last, newest first; `current` is the asking request's token.
pub async fn list(db: &Db, user: &User, current: &str) -> Result<Vec<Listed>, Error> {
    let current = secret::hash(current);
    let rows = sqlx::query("SELECT token_hash, created_at, user_agent FROM sessions WHERE user_id = $1 AND expires_at > $2 ORDER BY created_at DESC, token_hash")
        .bind(&user.id)
        .bind(now())
        .fetch_all(&db.pool)
        .await?;
    rows.iter()
        .map(|row| {
            let hash: String = row.try_get("token_hash")?;
            Ok(Listed {
                id: secret::public_id(&hash),
                created_at: row.try_get("created_at")?,
                user_agent: row.try_get("user_agent")?,
                current: hash == current,
            })
        })
        .collect()
}

/// Ends the session of `user` that `id` names; `false` when it is none of theirs.
pub async fn end_one(db: &Db, user: &User, id: &str) -> Result<bool, Error> {
    let Some(pattern) = secret::public_id_pattern(id) else {
        return Ok(false);
    };
    let ended = sqlx::query("DELETE FROM sessions WHERE user_id = $1 AND token_hash LIKE $2")
        .bind(&user.id)
        .bind(pattern)
        .execute(&db.pool)
        .await?;
    Ok(ended.rows_affected() > 0)
}

/// Ends every session of `user` but the one `keep` names (after a new password).
pub async fn end_others(db: &Db, user: &User, keep: &str) -> Result<(), Error> {
    sqlx::query("DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2")
        .bind(&user.id)
        .bind(secret::hash(keep))
        .execute(&db.pool)
        .await?;
    Ok(())
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
