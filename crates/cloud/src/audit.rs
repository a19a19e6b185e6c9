//! Each team's audit log: sign-ins, invitations, role changes, tokens issued and revoked.

use sqlx::Row;

use crate::db::{Db, now};
use crate::error::Error;
use crate::secret;
use crate::teams::Team;

/// One thing that happened in a team.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Event {
    /// Who did it; `None` for the cloud itself (a console command).
    pub actor: Option<String>,
    pub action: String,
    pub detail: String,
    pub at: i64,
}

pub async fn record(
    db: &Db,
    team: &Team,
    actor: Option<&str>,
    action: &str,
    detail: &str,
) -> Result<(), Error> {
    sqlx::query("INSERT INTO audit_log (id, team_id, actor_id, action, detail, at) VALUES ($1, $2, $3, $4, $5, $6)")
        .bind(secret::id())
        .bind(&team.id)
        .bind(actor)
        .bind(action)
        .bind(detail)
        .bind(now())
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// The team's log, newest first.
pub async fn events(db: &Db, team: &Team, limit: i64) -> Result<Vec<Event>, Error> {
    let rows = sqlx::query("SELECT actor_id, action, detail, at FROM audit_log WHERE team_id = $1 ORDER BY at DESC, id LIMIT $2")
        .bind(&team.id)
        .bind(limit)
        .fetch_all(&db.pool)
        .await?;
    rows.iter()
        .map(|row| {
            Ok(Event {
                actor: row.try_get("actor_id")?,
                action: row.try_get("action")?,
                detail: row.try_get("detail")?,
                at: row.try_get("at")?,
            })
        })
        .collect()
}
