//! GitHub's pages for forking the repository and installing the GitHub App, acting at once for the
//! signed-in browser user, as someone who clicked "Create fork" and "Install" would. Installing
//! returns to the app's callback URL with the `state` given, as GitHub does for an app that asks
//! to sign people in on install.

use std::collections::HashMap;
use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};

use super::oauth::page;
use super::state::Shared;

/// `GET /{owner}/{name}/fork`: the browser user's fork of the repository, made now.
pub(crate) async fn fork(
    State(shared): State<Arc<Shared>>,
    Path((owner, name)): Path<(String, String)>,
) -> Response {
    if !shared.is_repository(&owner, &name) {
        return page(StatusCode::NOT_FOUND, "Not Found");
    }
    let mut inner = shared.lock();
    let Some(login) = inner.browser_user().map(|user| user.login.clone()) else {
        return page(StatusCode::FORBIDDEN, "No user is signed in.");
    };
    match inner.make_fork(&login) {
        Ok(()) => page(
            StatusCode::OK,
            &format!("Forked to {login}/{}", shared.name),
        ),
        Err(message) => page(StatusCode::INTERNAL_SERVER_ERROR, &message),
    }
}

/// `GET /apps/{slug}/installations/new`: installs the app on the browser user's fork, or on the
/// repository when they have none, and returns to the app's callback URL.
pub(crate) async fn install(
    State(shared): State<Arc<Shared>>,
    Query(params): Query<HashMap<String, String>>,
) -> Response {
    let mut inner = shared.lock();
    let Some(login) = inner.browser_user().map(|user| user.login.clone()) else {
        return page(StatusCode::FORBIDDEN, "No user is signed in.");
    };
    match inner.forks.get_mut(&login) {
        Some(fork) => fork.app_installed = true,
        None => inner.app_installed = true,
    }
    let Some(callback) = inner.callback_url.clone() else {
        return page(
            StatusCode::OK,
            "Installed; the app has no callback URL yet.",
        );
    };
    let Ok(mut location) = url::Url::parse(&callback) else {
        return page(StatusCode::BAD_REQUEST, "The callback URL is not a URL.");
    };
    let code = inner.tokens.issue_code(&login, &callback, None);
    {
        let mut query = location.query_pairs_mut();
        query.append_pair("code", &code);
        query.append_pair("installation_id", "1");
        query.append_pair("setup_action", "install");
        if let Some(state) = params.get("state") {
            query.append_pair("state", state);
        }
    }
    (
        StatusCode::FOUND,
        [(header::LOCATION, location.to_string())],
    )
        .into_response()
}
