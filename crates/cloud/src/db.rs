//! The cloud's database: SQLite in the data folder by default, PostgreSQL for several instances.
//! The schema is `migrations/`, applied at start (PostgreSQL holds a lock meanwhile, so two
//! instances starting at once migrate it once). Queries are written once for both: text and
//! 64-bit integers only, parameters `$1`, `$2`, … in the order they appear.

use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

use sqlx::AnyPool;
use sqlx::any::AnyPoolOptions;

use crate::error::Error;

static MIGRATIONS: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

/// The database, shared by every request.
#[derive(Clone)]
pub struct Db {
    pub(crate) pool: AnyPool,
}

impl Db {
    /// Connects to `url` (`sqlite://…` or `postgres://…`) and brings its schema up to date.
    pub async fn open(url: &str) -> Result<Db, Error> {
        sqlx::any::install_default_drivers();
        let pool = AnyPoolOptions::new()
            .max_connections(if url.starts_with("sqlite:") { 4 } else { 10 })
            .connect(url)
            .await
            .map_err(|e| Error::Unavailable(format!("cannot open the database: {e}")))?;
        MIGRATIONS
            .run(&pool)
            .await
            .map_err(|e| Error::Unavailable(format!("cannot migrate the database: {e}")))?;
        Ok(Db { pool })
    }

    /// The SQLite database inside the data folder.
    pub fn sqlite_url(data: &Path) -> String {
        format!("sqlite://{}?mode=rwc", data.join("cloud.sqlite").display())
    }
}

/// Now, in Unix seconds.
pub(crate) fn now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}
