//! The cloud's HTTP surface. OAuth 2 (`/oauth/authorize`, `/oauth/token`, `/oauth/revoke`) and
//! `/v1/info` as a site's admin calls them; `/api/…` as the cloud's own pages call it (JSON, the
//! session cookie, same origin only).

use axum::extract::{Form, Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::json;

use crate::error::Error;
use crate::extract::{
    Address, SameOrigin, SignedIn, UserAgent, bearer, optional_user, session_cookie, session_token,
    signed_in_answer, signed_out,
};
use crate::oauth::{self, AuthorizeQuery, TokenForm};
use crate::people;
use crate::people::User;
use crate::setup::{self, FirstOwner};
use crate::state::Cloud;
use crate::{attempts, audit, avatars, pages, passkeys, password, sessions, teams};

pub fn routes() -> Router<Cloud> {
    Router::new()
        .route("/oauth/authorize", get(authorize_page))
        .route("/oauth/token", post(token))
        .route("/oauth/revoke", post(revoke))
        .route("/v1/info", get(info))
        .route("/avatars/{user}", get(avatar))
        .route("/api/setup", post(complete_setup))
        .route("/api/session", get(session).post(sign_in).delete(sign_out))
        .route("/api/session/passkey/options", post(passkey_options))
        .route("/api/session/passkey", post(passkey_sign_in))
        .route("/api/sessions", axum::routing::delete(sign_out_everywhere))
        .route("/api/authorize", get(authorization).post(authorize))
}

/// Where the browser starts: requests that name no allowed redirect get an error page; the rest
/// go on to the cloud's sign-in and consent pages, which keep the request's query.
async fn authorize_page(
    State(cloud): State<Cloud>,
    Query(query): Query<AuthorizeQuery>,
    headers: HeaderMap,
) -> Result<Response, Error> {
    if let Err(problem) = oauth::check(&cloud.db, &query).await? {
        return Ok(pages::sign_in_error(&problem.0));
    }
    let query = query_string(&query);
    let signed_in = optional_user(&cloud, &headers).await?.is_some();
    let page = if signed_in { "/authorize" } else { "/sign-in" };
    Ok(Redirect::to(&format!("{page}?{query}")).into_response())
}

fn query_string(query: &AuthorizeQuery) -> String {
    let mut out = url::form_urlencoded::Serializer::new(String::new());
    for (key, value) in [
        ("client_id", &query.client_id),
        ("redirect_uri", &query.redirect_uri),
        ("response_type", &query.response_type),
        ("state", &query.state),
        ("code_challenge", &query.code_challenge),
        ("code_challenge_method", &query.code_challenge_method),
    ] {
        if let Some(value) = value {
            out.append_pair(key, value);
        }
    }
    out.finish()
}

/// What the consent page shows: "{origin} wants to edit {project} as {name}".
async fn authorization(
    State(cloud): State<Cloud>,
    SignedIn(user): SignedIn,
    Query(query): Query<AuthorizeQuery>,
) -> Result<Json<serde_json::Value>, Error> {
    let request = oauth::check(&cloud.db, &query)
        .await?
        .map_err(|p| Error::Invalid(p.0))?;
    let member = teams::role_of(&cloud.db, &request.project.team, &user.id)
        .await?
        .is_some();
    Ok(Json(json!({
        "origin": request.origin(),
        "project": { "name": request.project.name, "clientId": request.project.client_id() },
        "team": { "name": request.project.team.name, "slug": request.project.team.slug },
        "user": user,
        "member": member,
    })))
}

/// Consent given: the address the browser goes to next, with the code.
async fn authorize(
    State(cloud): State<Cloud>,
    _: SameOrigin,
    SignedIn(user): SignedIn,
    Json(query): Json<AuthorizeQuery>,
) -> Result<Json<serde_json::Value>, Error> {
    let request = oauth::check(&cloud.db, &query)
        .await?
        .map_err(|p| Error::Invalid(p.0))?;
    let target = oauth::authorize(&cloud.db, &request, &user).await?;
    Ok(Json(json!({ "redirect": target.as_str() })))
}

fn oauth_answer<T: serde::Serialize>(answer: Result<T, oauth::OAuthError>) -> Response {
    let no_store = [(header::CACHE_CONTROL, "no-store")];
    match answer {
        Ok(body) => (no_store, Json(body)).into_response(),
        Err(error) => (StatusCode::BAD_REQUEST, no_store, Json(error)).into_response(),
    }
}

async fn token(State(cloud): State<Cloud>, Form(form): Form<TokenForm>) -> Result<Response, Error> {
    Ok(oauth_answer(oauth::exchange(&cloud.db, &form).await?))
}

#[derive(serde::Deserialize)]
struct RevokeForm {
    token: Option<String>,
}

async fn revoke(
    State(cloud): State<Cloud>,
    Form(form): Form<RevokeForm>,
) -> Result<Response, Error> {
    if let Some(token) = form.token {
        oauth::revoke(&cloud.db, &token).await?;
    }
    Ok(StatusCode::OK.into_response())
}

async fn info(State(cloud): State<Cloud>, headers: HeaderMap) -> Result<Response, Error> {
    let Some(token) = bearer(&headers) else {
        return Ok(signed_out());
    };
    match oauth::info(&cloud.db, token).await? {
        Some(mut info) => {
            // The admin is elsewhere: it needs the picture's whole address.
            if let Some(path) = info["user"]["avatarUrl"].as_str() {
                info["user"]["avatarUrl"] = format!("{}{path}", cloud.origin()).into();
            }
            // Where the repository's own pages are, for the admin's links to it.
            if let Some(repository) = info["project"]["repository"].as_str() {
                let web = cloud.github_endpoints().web.trim_end_matches('/');
                info["project"]["repositoryUrl"] = format!("{web}/{repository}").into();
            }
            Ok(Json(info).into_response())
        }
        None => Ok(signed_out()),
    }
}

/// A person's picture, for the cloud's pages and the admins that sign in with it. Its address
/// changes with each new picture, so it may be kept for good.
async fn avatar(State(cloud): State<Cloud>, Path(user): Path<String>) -> Result<Response, Error> {
    let png = avatars::image(&cloud.db, &user)
        .await?
        .ok_or_else(|| Error::NotFound("This person has no picture.".into()))?;
    Ok((
        [
            (header::CONTENT_TYPE, "image/png"),
            (header::CACHE_CONTROL, "public, max-age=31536000, immutable"),
            (
                header::HeaderName::from_static("cross-origin-resource-policy"),
                "cross-origin",
            ),
        ],
        png,
    )
        .into_response())
}

async fn complete_setup(
    State(cloud): State<Cloud>,
    _: SameOrigin,
    UserAgent(agent): UserAgent,
    Json(form): Json<FirstOwner>,
) -> Result<Response, Error> {
    let user = setup::complete(&cloud.db, &form).await?;
    let token = sessions::start(&cloud.db, &user, &agent).await?;
    Ok(signed_in_answer(&cloud, &user, &token))
}

async fn session(SignedIn(user): SignedIn) -> Json<serde_json::Value> {
    Json(json!({ "user": user }))
}

#[derive(serde::Deserialize)]
struct Credentials {
    email: String,
    password: String,
}

async fn sign_in(
    State(cloud): State<Cloud>,
    _: SameOrigin,
    Address(address): Address,
    UserAgent(agent): UserAgent,
    Json(given): Json<Credentials>,
) -> Result<Response, Error> {
    let email = people::email(&given.email).unwrap_or_else(|_| given.email.trim().to_lowercase());
    attempts::check(&cloud.db, &email, &address).await?;
    let found = people::by_email(&cloud.db, &email).await?;
    let user = match found {
        Some((user, Some(stored))) if password::verify(&given.password, &stored) => user,
        _ => {
            attempts::failed(&cloud.db, &email, &address).await?;
            return Err(Error::Forbidden(
                "The email or the password is not right.".into(),
            ));
        }
    };
    start_session(&cloud, &user, &agent, "a password").await
}

/// Signs `user` in in this browser, with `how` in each of their teams' logs.
async fn start_session(
    cloud: &Cloud,
    user: &User,
    agent: &str,
    how: &str,
) -> Result<Response, Error> {
    let token = sessions::start(&cloud.db, user, agent).await?;
    for (team, _) in teams::teams_of(&cloud.db, user).await? {
        let detail = format!("{} signed in to the cloud with {how}", user.email);
        audit::record(
            &cloud.db,
            &team,
            Some(&user.id),
            "person.signed_in",
            &detail,
        )
        .await?;
    }
    Ok(signed_in_answer(cloud, user, &token))
}

async fn passkey_options(
    State(cloud): State<Cloud>,
    _: SameOrigin,
) -> Result<Json<serde_json::Value>, Error> {
    let relying_party = cloud.relying_party()?;
    Ok(Json(
        passkeys::start_sign_in(&cloud.db, relying_party).await?,
    ))
}

#[derive(serde::Deserialize)]
struct PasskeyAnswer {
    ceremony: String,
    credential: webauthn_rs::prelude::PublicKeyCredential,
}

async fn passkey_sign_in(
    State(cloud): State<Cloud>,
    _: SameOrigin,
    UserAgent(agent): UserAgent,
    Json(given): Json<PasskeyAnswer>,
) -> Result<Response, Error> {
    let relying_party = cloud.relying_party()?;
    let user =
        passkeys::finish_sign_in(&cloud.db, relying_party, &given.ceremony, &given.credential)
            .await?;
    start_session(&cloud, &user, &agent, "a passkey").await
}

async fn sign_out(
    State(cloud): State<Cloud>,
    _: SameOrigin,
    headers: HeaderMap,
) -> Result<Response, Error> {
    if let Some(token) = session_token(&cloud, &headers) {
        sessions::end(&cloud.db, &token).await?;
    }
    Ok((
        [(header::SET_COOKIE, session_cookie(&cloud, "", 0))],
        StatusCode::NO_CONTENT,
    )
        .into_response())
}

async fn sign_out_everywhere(
    State(cloud): State<Cloud>,
    _: SameOrigin,
    SignedIn(user): SignedIn,
) -> Result<Response, Error> {
    sessions::end_all(&cloud.db, &user).await?;
    Ok((
        [(header::SET_COOKIE, session_cookie(&cloud, "", 0))],
        StatusCode::NO_CONTENT,
    )
        .into_response())
}
