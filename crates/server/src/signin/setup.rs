//! Creating the GitHub App from the admin, as Keystatic's setup does. While the app's settings are
//! missing, every API call answers 503 `setup_required` with what is missing and what the admin's
//! form needs; the form sends GitHub an app manifest; GitHub creates the app and sends the browser
//! back to `created-app` with a code, which the binary's [`Setup`] turns into the app's settings
//! (kept in `.env`); from then on people sign in. Only a server started for it offers this (on
//! loopback, or with `--setup`), and only to whoever opens the address it printed at start: that
//! holds a one-time secret (as Jupyter's and Gitea's first start do), which `setup` turns into an
//! httpOnly cookie; without it, the 503 hands out no state and `created-app` takes none.

use std::collections::HashSet;
use std::sync::{Arc, Mutex};

use axum::http::HeaderMap;

use super::session::{SignIn, cookie};

/// What creating the app gave.
pub struct AppCreated {
    pub sign_in: SignIn,
    /// The app's slug, for its installation page.
    pub slug: String,
}

/// The binary's part: what is missing, where GitHub is, and turning GitHub's code into settings.
pub trait Setup: Send + Sync {
    /// The settings that are missing, by their environment names.
    fn missing(&self) -> Vec<String>;
    /// GitHub's web address; the setup form posts the manifest there.
    fn github_url(&self) -> String;
    /// The repository the app is made for, `owner/name`.
    fn repo(&self) -> String;
    /// The address people reach the admin at, when it is not the request's own.
    fn public_url(&self) -> Option<String>;
    /// Turns the code GitHub sent back into the app's settings, keeps them, and answers how people
    /// sign in from now on.
    fn complete(&self, code: &str) -> Result<AppCreated, String>;
}

/// The setup, its secret, and the states it handed out (each good once), which only the admin's
/// own pages can read, and only for whoever holds the secret: a link made elsewhere cannot
/// complete a setup with someone else's app.
pub struct SetupState {
    pub(crate) setup: Arc<dyn Setup>,
    pub(crate) secret: String,
    states: Mutex<HashSet<String>>,
}

/// The cookie that says its browser opened the setup's address.
const SECRET_COOKIE: &str = "quire-setup";

fn random_hex() -> String {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).expect("the system's random source works");
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

impl SetupState {
    /// Whether `given` is the secret of the address printed at start.
    pub(crate) fn opens_with(&self, given: &str) -> bool {
        same(given.as_bytes(), self.secret.as_bytes())
    }

    pub fn new(setup: Arc<dyn Setup>) -> SetupState {
        SetupState {
            setup,
            secret: random_hex(),
            states: Mutex::default(),
        }
    }

    /// The address that opens the setup, for the operator's console: `origin` is where this
    /// machine's admin is reached, when the setup knows no public address.
    pub fn address(&self, origin: &str) -> String {
        let origin = self
            .setup
            .public_url()
            .unwrap_or_else(|| origin.to_string());
        format!("{origin}/api/keystatic/github/setup?secret={}", self.secret)
    }

    /// Whether the request's browser opened the setup's address.
    pub(crate) fn holds_secret(&self, headers: &HeaderMap) -> bool {
        cookie(headers, &self.cookie_name())
            .is_some_and(|value| same(value.as_bytes(), self.secret.as_bytes()))
    }

    pub(crate) fn cookie_name(&self) -> String {
        match self.setup.public_url() {
            Some(url) if url.starts_with("https://") => format!("__Host-{SECRET_COOKIE}"),
            _ => SECRET_COOKIE.to_string(),
        }
    }

    pub(crate) fn issue(&self) -> String {
        let state = random_hex();
        let mut states = self.states.lock().expect("not poisoned");
        // A setup is one person at one machine; a few forms left open are plenty.
        if states.len() > 64 {
            states.clear();
        }
        states.insert(state.clone());
        state
    }

    pub fn github_url(&self) -> String {
        self.setup.github_url()
    }

    pub(crate) fn take(&self, state: &str) -> bool {
        self.states.lock().expect("not poisoned").remove(state)
    }
}

/// Compares secrets in a time that does not tell how much of them matched.
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |diff, (x, y)| diff | (x ^ y)) == 0
}
