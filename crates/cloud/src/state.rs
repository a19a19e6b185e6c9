//! What every request of the cloud reaches: its database and the address people reach it at.

use std::sync::Arc;

use crate::db::Db;

/// Everything a request needs: the database and where the cloud is reached.
#[derive(Clone)]
pub struct Cloud {
    pub(crate) db: Db,
    public_url: Arc<url::Url>,
}

impl Cloud {
    /// The cloud at `public_url` (`https://cloud.example.com`, or its loopback address), over `db`.
    pub fn new(db: Db, public_url: url::Url) -> Cloud {
        Cloud {
            db,
            public_url: Arc::new(public_url),
        }
    }

    pub fn db(&self) -> &Db {
        &self.db
    }

    /// The origin its own pages are served from.
    pub fn origin(&self) -> String {
        self.public_url.origin().ascii_serialization()
    }

    /// Whether people reach it over https (cookies are then `Secure`).
    pub fn secure(&self) -> bool {
        self.public_url.scheme() == "https"
    }

    /// Where the first owner is made with the set-up link `token`.
    pub fn setup_url(&self, token: &str) -> String {
        format!("{}/setup#{token}", self.origin())
    }

    /// Where an invitation or password link with `token` is used.
    pub fn link_url(&self, token: &str) -> String {
        format!("{}/link#{token}", self.origin())
    }
}
