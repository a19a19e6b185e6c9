//! Creating the GitHub App from the admin, as Keystatic's setup does. While the app's settings are
//! missing, every API call answers 503 `setup_required` with what is missing and what the admin's
//! form needs; the form sends GitHub an app manifest; GitHub creates the app and sends the browser
//! back to `created-app` with a code, which the binary's [`Setup`] turns into the app's settings
//! (kept in `.env`); from then on people sign in. Only a server started for it offers this (on
//! loopback, or with `--setup`).

use std::collections::HashSet;
use std::sync::{Arc, Mutex};

use axum::extract::{Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use serde::Deserialize;
use serde_json::json;

use super::SignIn;
use crate::guard::request_host_of;
use crate::{ApiError, AppState, limits};

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
    /// The address people reach the admin at, when it is not the request's own.
    fn public_url(&self) -> Option<String>;
    /// Turns the code GitHub sent back into the app's settings, keeps them, and answers how people
    /// sign in from now on.
    fn complete(&self, code: &str) -> Result<AppCreated, String>;
}

/// The setup and the states it handed out (each good once), which only the admin's own pages can
/// read: a link made elsewhere cannot complete a setup with someone else's app.
pub struct SetupState {
    setup: Arc<dyn Setup>,
    states: Mutex<HashSet<String>>,
}

impl SetupState {
    pub fn new(setup: Arc<dyn Setup>) -> SetupState {
        SetupState {
            setup,
            states: Mutex::default(),
        }
    }

    fn issue(&self) -> String {
        let mut bytes = [0u8; 16];
        getrandom::fill(&mut bytes).expect("the system's random source works");
        let state: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
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

/// The answer to every API call while the app is not set up.
pub fn required(state: &AppState, headers: &HeaderMap) -> ApiError {
    let Some(setup) = &state.setup else {
        return ApiError::internal("no setup");
    };
    let origin = setup
        .setup
        .public_url()
        .unwrap_or_else(|| format!("http://{}", request_host_of(headers).unwrap_or("127.0.0.1")));
    let repo = match &state.config.storage {
        content::config::StorageKind::Github(github) => {
            format!("{}/{}", github.owner, github.name)
        }
        _ => String::new(),
    };
    ApiError::new(
        StatusCode::SERVICE_UNAVAILABLE,
        protocol::ErrorCode::SetupRequired,
        "Keystatic doesn't have the required config",
    )
    .with_details(json!({
        "repo": repo,
        "missing": setup.setup.missing(),
        "githubUrl": setup.setup.github_url(),
        "origin": origin,
        "state": setup.issue(),
    }))
}

#[derive(Deserialize)]
pub struct CreatedQuery {
    code: Option<String>,
    state: Option<String>,
}

/// Where GitHub sends the browser once the app exists.
pub async fn created_app(
    State(state): State<AppState>,
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
    if !setup.take(&nonce) {
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
