//! What every request of the cloud reaches: its database, the address people reach it at, the
//! passkeys' relying party there, the mail server if it has one, where GitHub is and the cloud's
//! GitHub App once it has one, and the limits on calls that reach GitHub.

use std::sync::{Arc, RwLock};

use webauthn_rs::Webauthn;

use crate::db::Db;
use crate::error::Error;
use crate::github_app::GithubApp;
use crate::image_store::Images;
use crate::mail::{Letter, Mailer};
use crate::passkeys;
use crate::rate::Limits;

/// Where GitHub is, and the cloud's app there once it is known.
struct Github {
    endpoints: storage_github::Endpoints,
    app: RwLock<Option<Arc<GithubApp>>>,
}

/// Everything a request needs: the database and where the cloud is reached.
#[derive(Clone)]
pub struct Cloud {
    pub(crate) db: Db,
    public_url: Arc<url::Url>,
    relying_party: Option<Arc<Webauthn>>,
    mailer: Option<Arc<Mailer>>,
    github: Arc<Github>,
    images: Option<Arc<Images>>,
    limits: Arc<Limits>,
}

impl Cloud {
    /// The cloud at `public_url` (`https://cloud.example.com`, or its loopback address), over `db`.
    pub fn new(db: Db, public_url: url::Url) -> Cloud {
        Cloud {
            db,
            relying_party: passkeys::relying_party(&public_url).map(Arc::new),
            public_url: Arc::new(public_url),
            mailer: None,
            github: Arc::new(Github {
                endpoints: storage_github::Endpoints::github_com(),
                app: RwLock::new(None),
            }),
            images: None,
            limits: Arc::new(Limits::default()),
        }
    }

    /// The same cloud, keeping projects' images in `images`.
    pub fn with_images(self, images: Images) -> Cloud {
        Cloud {
            images: Some(Arc::new(images)),
            ..self
        }
    }

    pub(crate) fn images(&self) -> Option<&Images> {
        self.images.as_deref()
    }

    /// The same cloud, reaching projects' repositories through the GitHub App `app`.
    pub fn with_github(self, app: GithubApp) -> Cloud {
        let endpoints = app.endpoints();
        Cloud {
            github: Arc::new(Github {
                endpoints,
                app: RwLock::new(Some(Arc::new(app))),
            }),
            ..self
        }
    }

    /// The same cloud, on the GitHub at `endpoints` (a GitHub Enterprise Server, a stand-in), where
    /// its app is made from its own pages.
    pub fn with_github_at(self, endpoints: storage_github::Endpoints) -> Cloud {
        Cloud {
            github: Arc::new(Github {
                endpoints,
                app: RwLock::new(None),
            }),
            ..self
        }
    }

    /// Where GitHub is.
    pub(crate) fn github_endpoints(&self) -> &storage_github::Endpoints {
        &self.github.endpoints
    }

    /// The cloud's GitHub App: the one given at start, else the one made from the cloud (by any
    /// instance: the database is asked until there is one).
    pub(crate) async fn github(&self) -> Result<Option<Arc<GithubApp>>, Error> {
        if let Some(app) = self
            .github
            .app
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
        {
            return Ok(Some(app));
        }
        let Some(app) = crate::github_app::stored(&self.db, &self.github.endpoints).await? else {
            return Ok(None);
        };
        let app = Arc::new(app);
        *self.github.app.write().unwrap_or_else(|p| p.into_inner()) = Some(app.clone());
        Ok(Some(app))
    }

    pub(crate) fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The same cloud, sending invitation and password links by email through `mailer`.
    pub fn with_mailer(self, mailer: Mailer) -> Cloud {
        Cloud {
            mailer: Some(Arc::new(mailer)),
            ..self
        }
    }

    /// Sends `letter` to `to` when the cloud has a mail server: `None` when it has none.
    pub(crate) async fn mail(&self, to: &str, letter: &Letter<'_>) -> Option<Result<(), String>> {
        Some(self.mailer.as_ref()?.send(to, letter).await)
    }

    /// Who checks passkeys; refused when the cloud is reached at an IP address.
    pub(crate) fn relying_party(&self) -> Result<&Webauthn, Error> {
        self.relying_party
            .as_deref()
            .ok_or_else(|| Error::Invalid(passkeys::UNAVAILABLE.into()))
    }

    /// Whether people can add and use passkeys here.
    pub fn passkeys_available(&self) -> bool {
        self.relying_party.is_some()
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
