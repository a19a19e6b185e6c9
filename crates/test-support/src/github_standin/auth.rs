//! Who is calling: the user behind an `Authorization: Bearer` (or `token`) header, and the app
//! behind `Basic` credentials, as the API reads them. An installation token stands for the app's
//! bot, restricted to the repositories it was issued for.

use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use base64::Engine;
use base64::engine::general_purpose::STANDARD;

use super::app_key;
use super::reply;
use super::state::{Inner, Permission, User};

/// Why a request has no viewer; answered with GitHub's 401.
pub(crate) enum NoViewer {
    /// No credentials were sent.
    Anonymous,
    /// The token is unknown, revoked or expired.
    BadCredentials,
}

impl IntoResponse for NoViewer {
    fn into_response(self) -> Response {
        match self {
            NoViewer::Anonymous => reply::requires_authentication(),
            NoViewer::BadCredentials => reply::bad_credentials(),
        }
    }
}

/// The user whose live token the request carries.
pub(crate) fn viewer(inner: &Inner, headers: &HeaderMap) -> Result<User, NoViewer> {
    let Some(value) = authorization(headers) else {
        return Err(NoViewer::Anonymous);
    };
    let token = ["bearer ", "token "].iter().find_map(|scheme| {
        let head = value.get(..scheme.len())?;
        head.eq_ignore_ascii_case(scheme)
            .then(|| value[scheme.len()..].trim())
    });
    let Some(token) = token else {
        return Err(NoViewer::BadCredentials);
    };
    if let Some(installation) = inner.tokens.installation_for(token) {
        return Ok(User {
            login: format!("{}[bot]", app_key::SLUG),
            id: app_key::BOT_ID,
            name: String::new(),
            permission: if installation.write {
                Permission::Write
            } else {
                Permission::Read
            },
            only: Some(installation.repositories.clone()),
        });
    }
    inner
        .tokens
        .login_for(token)
        .and_then(|login| inner.user(login))
        .cloned()
        .ok_or(NoViewer::BadCredentials)
}

/// The bearer token of the request, when it has one.
pub(crate) fn bearer(headers: &HeaderMap) -> Option<&str> {
    let value = authorization(headers)?;
    let head = value.get(..7)?;
    head.eq_ignore_ascii_case("bearer ")
        .then(|| value[7..].trim())
}

/// The `(id, secret)` of `Authorization: Basic …`, when it is there and readable.
pub(crate) fn basic(headers: &HeaderMap) -> Option<(String, String)> {
    let value = authorization(headers)?;
    let head = value.get(..6)?;
    if !head.eq_ignore_ascii_case("basic ") {
        return None;
    }
    let decoded = STANDARD.decode(value[6..].trim()).ok()?;
    let text = String::from_utf8(decoded).ok()?;
    let (id, secret) = text.split_once(':')?;
    Some((id.to_string(), secret.to_string()))
}

fn authorization(headers: &HeaderMap) -> Option<&str> {
    headers.get(header::AUTHORIZATION)?.to_str().ok()
}
