//! Who is asking, for the cloud's own pages: the session cookie (`__Host-` prefixed and `Secure`
//! behind https), the person it names, calls that must come from the cloud's own origin, and the
//! address a request comes from (sign-in attempts are limited by it); and for a site's admin, the
//! person, project and role behind a bearer token (`TokenHolder`).

use std::net::SocketAddr;

use axum::Json;
use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::json;

use crate::error::Error;
use crate::people::User;
use crate::state::Cloud;
use crate::teams::{self, Project, Role};
use crate::{oauth, sessions};

/// The session cookie's name: `__Host-` prefixed behind https, where it is also `Secure`.
fn cookie_name(cloud: &Cloud) -> &'static str {
    if cloud.secure() {
        "__Host-quire_cloud_session"
    } else {
        "quire_cloud_session"
    }
}

pub(crate) fn session_cookie(cloud: &Cloud, token: &str, max_age: i64) -> HeaderValue {
    let secure = if cloud.secure() { "; Secure" } else { "" };
    let value = format!(
        "{}={token}; Path=/; HttpOnly; SameSite=Lax; Max-Age={max_age}{secure}",
        cookie_name(cloud)
    );
    HeaderValue::from_str(&value).expect("a cookie of safe characters")
}

pub(crate) fn session_token(cloud: &Cloud, headers: &HeaderMap) -> Option<String> {
    let name = cookie_name(cloud);
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(key, _)| *key == name)
        .map(|(_, value)| value.to_string())
}

/// The person whose session the request's cookie names, if any.
pub(crate) async fn optional_user(
    cloud: &Cloud,
    headers: &HeaderMap,
) -> Result<Option<User>, Error> {
    match session_token(cloud, headers) {
        Some(token) => sessions::user(&cloud.db, &token).await,
        None => Ok(None),
    }
}

/// The person signed in on the cloud's pages.
pub struct SignedIn(pub User);

impl FromRequestParts<Cloud> for SignedIn {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, cloud: &Cloud) -> Result<Self, Error> {
        let token = session_token(cloud, &parts.headers).ok_or(Error::SignedOut)?;
        sessions::user(&cloud.db, &token)
            .await?
            .map(SignedIn)
            .ok_or(Error::SignedOut)
    }
}

/// The person, their project and their role behind a site's bearer token (checked for its project,
/// expiry, revocation and the person still in the team), within the calls a token may make a
/// minute. Refused with the spec's 401 when the token is missing or is not one.
pub struct TokenHolder {
    pub user: User,
    pub project: Project,
    pub role: Role,
}

impl FromRequestParts<Cloud> for TokenHolder {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, cloud: &Cloud) -> Result<Self, Response> {
        let Some(token) = bearer(&parts.headers) else {
            return Err(signed_out());
        };
        let Some((user, project)) = oauth::bearer(&cloud.db, token)
            .await
            .map_err(IntoResponse::into_response)?
        else {
            return Err(signed_out());
        };
        if let Some(wait) = cloud.limits().spend(token) {
            return Err(Error::TooMany(wait).into_response());
        }
        let role = teams::role_of(&cloud.db, &project.team, &user.id)
            .await
            .map_err(IntoResponse::into_response)?
            .ok_or_else(signed_out)?;
        Ok(TokenHolder {
            user,
            project,
            role,
        })
    }
}

/// A call of the cloud's pages that changes something: it must come from the cloud's own origin,
/// so that no other site can make a signed-in person's browser act.
pub struct SameOrigin;

impl FromRequestParts<Cloud> for SameOrigin {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, cloud: &Cloud) -> Result<Self, Error> {
        let origin = parts
            .headers
            .get(header::ORIGIN)
            .and_then(|o| o.to_str().ok());
        let fetch_site = parts
            .headers
            .get("sec-fetch-site")
            .and_then(|o| o.to_str().ok());
        match (origin, fetch_site) {
            (Some(origin), _) if origin == cloud.origin() => Ok(SameOrigin),
            (None, None | Some("same-origin" | "none")) => Ok(SameOrigin),
            _ => Err(Error::Forbidden(
                "Only the cloud's own pages may do this.".into(),
            )),
        }
    }
}

/// The address a request comes from, for limiting sign-in attempts.
pub struct Address(pub String);

impl<S: Send + Sync> FromRequestParts<S> for Address {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let address = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map_or_else(|| "unknown".to_string(), |info| info.0.ip().to_string());
        Ok(Address(address))
    }
}

pub(crate) fn signed_in_answer(cloud: &Cloud, user: &User, token: &str) -> Response {
    let cookie = session_cookie(cloud, token, sessions::LIFETIME_SECS);
    (
        [(header::SET_COOKIE, cookie)],
        Json(json!({ "user": user })),
    )
        .into_response()
}

/// The browser a request comes from, as it names itself (kept with a session, to list it).
pub struct UserAgent(pub String);

impl<S: Send + Sync> FromRequestParts<S> for UserAgent {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let agent = parts
            .headers
            .get(header::USER_AGENT)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default();
        Ok(UserAgent(agent.to_string()))
    }
}

/// The token of an `Authorization: Bearer …` header (the scheme is case-insensitive).
pub(crate) fn bearer(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    scheme.eq_ignore_ascii_case("bearer").then_some(token)
}

/// The spec's answer to a site's call without a token that holds.
pub(crate) fn signed_out() -> Response {
    (
        StatusCode::UNAUTHORIZED,
        [(header::WWW_AUTHENTICATE, "Bearer")],
        Json(json!({ "code": "signed_out", "message": "The sign-in has ended or is not one; sign in again." })),
    )
        .into_response()
}
