//! Sign-in attempts, limited per account and per address. They are counted in the database, so
//! that several instances of the cloud share one count.

use sqlx::Row;

use crate::db::{Db, now};
use crate::error::Error;

/// The window failed attempts are counted in.
pub const WINDOW_SECS: i64 = 15 * 60;
/// Failed attempts allowed per account in the window.
pub const PER_ACCOUNT: i64 = 10;
/// Failed attempts allowed per address in the window (several people may share one).
pub const PER_ADDRESS: i64 = 30;

/// Refuses an attempt when the account or the address has failed too often lately.
pub async fn check(db: &Db, email: &str, address: &str) -> Result<(), Error> {
    for (subject, limit) in [
        (format!("email:{email}"), PER_ACCOUNT),
        (format!("address:{address}"), PER_ADDRESS),
    ] {
        let row = sqlx::query("SELECT COUNT(*) AS n, MIN(at) AS first FROM sign_in_attempts WHERE subject = $1 AND at > $2")
            .bind(&subject)
            .bind(now() - WINDOW_SECS)
            .fetch_one(&db.pool)
            .await?;
        let count: i64 = row.try_get("n")?;
        if count >= limit {
            let first: Option<i64> = row.try_get("first")?;
            let wait = first
                .map_or(WINDOW_SECS, |first| first + WINDOW_SECS - now())
                .max(1);
            return Err(Error::TooMany(wait));
        }
    }
    Ok(())
}

/// Counts a failed attempt against the account and the address.
pub async fn failed(db: &Db, email: &str, address: &str) -> Result<(), Error> {
    let at = now();
    for subject in [format!("email:{email}"), format!("address:{address}")] {
        sqlx::query("INSERT INTO sign_in_attempts (subject, at) VALUES ($1, $2)")
            .bind(&subject)
            .bind(at)
            .execute(&db.pool)
            .await?;
    }
    sqlx::query("DELETE FROM sign_in_attempts WHERE at < $1")
        .bind(at - WINDOW_SECS)
        .execute(&db.pool)
        .await?;
    Ok(())
}
