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

use axum::extract::{Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use serde::Deserialize;
use serde_json::json;

use super::SignIn;
use crate::error::ApiError;
use crate::guard::request_host_of;
use crate::limits;
use crate::state::AppState;

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
    setup: Arc<dyn Setup>,
    secret: String,
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
    fn holds_secret(&self, headers: &HeaderMap) -> bool {
        super::cookie(headers, &self.cookie_name())
            .is_some_and(|value| same(value.as_bytes(), self.secret.as_bytes()))
    }

    fn cookie_name(&self) -> String {
        match self.setup.public_url() {
            Some(url) if url.starts_with("https://") => format!("__Host-{SECRET_COOKIE}"),
            _ => SECRET_COOKIE.to_string(),
        }
    }

    fn issue(&self) -> String {
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

    fn take(&self, state: &str) -> bool {
        self.states.lock().expect("not poisoned").remove(state)
    }
}

/// Compares secrets in a time that does not tell how much of them matched.
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |diff, (x, y)| diff | (x ^ y)) == 0
}

/// The answer to every API call while the app is not set up; the setup form's `state` only for
/// the browser that opened the setup's address.
pub fn required(state: &AppState, headers: &HeaderMap) -> ApiError {
    let Some(setup) = &state.setup else {
        return ApiError::internal("no setup");
    };
    let origin = setup
        .setup
        .public_url()
        .unwrap_or_else(|| format!("http://{}", request_host_of(headers).unwrap_or("127.0.0.1")));
    let repo = setup.setup.repo();
    let mut details = json!({
        "repo": repo,
        "missing": setup.setup.missing(),
        "githubUrl": setup.setup.github_url(),
        "origin": origin,
    });
    if setup.holds_secret(headers) {
        details["state"] = setup.issue().into();
    }
    ApiError::new(
        StatusCode::SERVICE_UNAVAILABLE,
        protocol::ErrorCode::SetupRequired,
        "Keystatic doesn't have the required config",
    )
    .with_details(details)
}

#[derive(Deserialize)]
pub struct SecretQuery {
    secret: Option<String>,
}

/// The address printed at start: its browser gets the setup's cookie and goes on to the admin.
pub async fn open_setup(
    State(state): State<AppState>,
    Query(query): Query<SecretQuery>,
) -> Response {
    let Some(setup) = state.setup.clone() else {
        return (StatusCode::NOT_FOUND, "Not Found").into_response();
    };
    if state.sign_in().is_some() {
        return Redirect::temporary("/keystatic").into_response();
    }
    let given = query.secret.unwrap_or_default();
    if !same(given.as_bytes(), setup.secret.as_bytes()) {
        return (
            StatusCode::FORBIDDEN,
            "This is not the setup address Quire printed when it started",
        )
            .into_response();
    }
    let secure = if setup.cookie_name().starts_with("__Host-") {
        "; Secure"
    } else {
        ""
    };
    let cookie = format!(
        "{}={}; Path=/; Max-Age=3600; HttpOnly; SameSite=Lax{secure}",
        setup.cookie_name(),
        setup.secret
    );
    let mut response = Redirect::temporary("/keystatic").into_response();
    if let Ok(value) = axum::http::HeaderValue::from_str(&cookie) {
        response
            .headers_mut()
            .insert(axum::http::header::SET_COOKIE, value);
    }
    response
}

#[derive(Deserialize)]
pub struct CreatedQuery {
    code: Option<String>,
    state: Option<String>,
}

/// Where GitHub sends the browser once the app exists.
pub async fn created_app(
    State(state): State<AppState>,
    headers: HeaderMap,
    Query(query): Query<CreatedQuery>,
) -> Response {
    let Some(setup) = state.setup.clone() else {
        return (StatusCode::NOT_FOUND, "Not Found").into_response();
    };
    if state.sign_in().is_some() {
        return Redirect::temporary("/keystatic").into_response();
    }
    let (Some(code), Some(nonce)) = (query.code, query.state) else {
        return (StatusCode::BAD_REQUEST, "Missing code or state").into_response();
    };
    if !setup.holds_secret(&headers) || !setup.take(&nonce) {
        return (StatusCode::BAD_REQUEST, "Invalid state").into_response();
    }
    let made = setup.setup.clone();
    match limits::run(limits::Work::Write, move || made.complete(&code)).await {
        Ok(Ok(created)) => {
            *state.sign_in.write().expect("not poisoned") = Some(created.sign_in);
            let slug: String =
                url::form_urlencoded::byte_serialize(created.slug.as_bytes()).collect();
            Redirect::temporary(&format!("/keystatic/created-github-app?slug={slug}"))
                .into_response()
        }
        Ok(Err(message)) => {
            tracing::error!("creating the GitHub App: {message}");
            (StatusCode::BAD_GATEWAY, message).into_response()
        }
        Err(err) => err.into_response(),
    }
}
