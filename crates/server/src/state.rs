//! What every request handler reads: the config, the storage (or the sign-in that gives each
//! person theirs), the server's turns and the collaboration rooms.

use std::sync::Arc;

use content::config::Config;
use storage::Storage;

use crate::collab::hub::Hub;
use crate::collab::settings::CollabSettings;
use crate::limits;
use crate::signin::session::{SignIn, Which};
use crate::signin::setup::{Setup, SetupState};

/// Everything a request handler needs.
#[derive(Clone)]
pub struct AppState {
    pub config: Arc<Config>,
    pub storage: Arc<dyn Storage>,
    /// `Host` header values the server answers to (`name:port`, or a name alone for any port); a
    /// request naming any other host is refused, whatever address the server listens on.
    pub allowed_hosts: Arc<Vec<String>>,
    /// Collection list rows already read.
    pub(crate) rows: Arc<content::index::SummaryCache>,
    /// Turns for API requests (see `limits.rs`).
    pub permits: limits::Permits,
    /// With storage that people sign in to: their sign-in (and `storage` is not used, unless the
    /// sign-in is optional); set when the setup creates the GitHub App.
    pub(crate) sign_in: Arc<std::sync::RwLock<Option<SignIn>>>,
    /// With GitHub storage and a cloud project: people may also sign in to the cloud, for its
    /// images (its routes below `/api/keystatic/cloud/`).
    pub(crate) cloud_beside: Option<SignIn>,
    /// The GitHub App's creation, while the settings it gives are missing.
    pub(crate) setup: Option<Arc<SetupState>>,
    /// The collaboration rooms.
    pub collab: Arc<Hub>,
}

impl AppState {
    pub fn new(config: Config, storage: Arc<dyn Storage>, allowed_hosts: Vec<String>) -> AppState {
        AppState {
            config: Arc::new(config),
            storage,
            allowed_hosts: Arc::new(allowed_hosts),
            rows: Arc::default(),
            permits: limits::Permits::default(),
            sign_in: Arc::default(),
            cloud_beside: None,
            setup: None,
            collab: Arc::new(Hub::new(CollabSettings::default())),
        }
    }

    /// The same server with other collaboration timings and bounds.
    pub fn with_collab(self, settings: CollabSettings) -> AppState {
        self.with_hub(Arc::new(Hub::new(settings)))
    }

    /// The same server with `hub`'s collaboration rooms (shared with other servers, say).
    pub fn with_hub(self, hub: Arc<Hub>) -> AppState {
        AppState {
            collab: hub,
            ..self
        }
    }

    /// GitHub's origin while the setup's form may post there.
    pub(crate) fn setup_form_target(&self) -> Option<String> {
        let setup = self.setup.as_ref()?;
        if self.sign_in().is_some() {
            return None;
        }
        let url = url::Url::parse(&setup.github_url()).ok()?;
        Some(url.origin().ascii_serialization())
    }

    /// The address that opens the GitHub App's setup (it holds the setup's secret), for the
    /// operator's console; None when there is no setup. `origin`: where this machine reaches the
    /// admin.
    pub fn setup_address(&self, origin: &str) -> Option<String> {
        Some(self.setup.as_ref()?.address(origin))
    }

    /// How people sign in, once they can.
    pub fn sign_in(&self) -> Option<SignIn> {
        self.sign_in.read().expect("not poisoned").clone()
    }

    /// The sign-in to a cloud, for its images and what it says of the person: the site's own
    /// when people sign in to a cloud, or the one beside GitHub's.
    pub(crate) fn cloud_sign_in(&self) -> Option<SignIn> {
        self.cloud_beside.clone().or_else(|| {
            self.sign_in()
                .filter(|sign_in| sign_in.accounts.provider() == storage::Provider::Cloud)
        })
    }

    /// The sign-in `which` names, when the site has it.
    pub(crate) fn sign_in_of(&self, which: Which) -> Option<SignIn> {
        match which {
            Which::Site => self.sign_in(),
            Which::CloudBeside => self.cloud_beside.clone(),
        }
    }

    /// The same server, where people signed in with GitHub may also sign in to a cloud with
    /// `sign_in`, for its images.
    pub fn with_cloud_beside(self, sign_in: SignIn) -> AppState {
        AppState {
            cloud_beside: Some(sign_in.beside_github()),
            ..self
        }
    }

    /// The sign-in that gives each person the content as their storage shows it; none where the
    /// site's own storage serves everyone (no sign-in, or an optional one).
    pub(crate) fn personal_sign_in(&self) -> Option<SignIn> {
        self.sign_in().filter(|sign_in| !sign_in.optional)
    }

    /// A server for storage that people sign in to whose GitHub App does not exist yet: the admin
    /// shows the setup, which creates the app, writes its settings and lets people sign in.
    pub fn setting_up(
        config: Config,
        setup: Arc<dyn Setup>,
        allowed_hosts: Vec<String>,
    ) -> AppState {
        let nobody = storage::UnavailableStorage {
            reason: "The GitHub App is not set up yet".into(),
        };
        AppState {
            setup: Some(Arc::new(SetupState::new(setup))),
            ..AppState::new(config, Arc::new(nobody), allowed_hosts)
        }
    }

    /// The same server, where people may sign in with `sign_in` (a cloud, for its images) while
    /// every request acts on its own storage.
    pub fn offering_sign_in(self, mut sign_in: SignIn) -> AppState {
        sign_in.optional = true;
        AppState {
            sign_in: Arc::new(std::sync::RwLock::new(Some(sign_in))),
            ..self
        }
    }

    /// A server for storage that people sign in to (GitHub): each request acts on the storage as
    /// the person signed in sees it.
    pub fn signed_in(config: Config, sign_in: SignIn, allowed_hosts: Vec<String>) -> AppState {
        let nobody = storage::UnavailableStorage {
            reason: "Sign in to use the admin".into(),
        };
        AppState {
            sign_in: Arc::new(std::sync::RwLock::new(Some(sign_in))),
            ..AppState::new(config, Arc::new(nobody), allowed_hosts)
        }
    }
}
