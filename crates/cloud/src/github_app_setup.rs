//! Making the cloud's GitHub App from the cloud with GitHub's manifest flow, as `quire serve
//! --setup` makes a site's. While the cloud has no app, its console prints a one-time link; the
//! page it opens (`/github-app`) gets a state for it and sends GitHub the app's manifest; GitHub
//! makes the app under whoever is signed in there and sends the browser back to
//! `/github-app/created` with a code and that state, which the cloud exchanges, once, for the app's
//! id, slug and private key. GitHub never shows the key again: it is kept in the database, so
//! every instance uses the app from then on, and the link is spent.

use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{Value, json};

use crate::db::now;
use crate::error::Error;
use crate::extract::SameOrigin;
use crate::github_app::{GithubApp, GithubAppConfig};
use crate::secret;
use crate::state::Cloud;

pub fn routes() -> Router<Cloud> {
    Router::new()
        .route("/api/github-app", get(describe))
        .route("/api/github-app/state", post(state))
        .route("/github-app/created", get(created))
}

/// A new one-time link's token while the cloud has no GitHub App; `None` once it has one.
pub async fn link(cloud: &Cloud) -> Result<Option<String>, Error> {
    if cloud.github().await?.is_some() {
        return Ok(None);
    }
    let token = secret::token();
    sqlx::query("INSERT INTO github_app_links (token_hash, created_at) VALUES ($1, $2)")
        .bind(secret::hash(&token))
        .bind(now())
        .execute(&cloud.db.pool)
        .await?;
    Ok(Some(token))
}

const HAS_APP: &str = "The cloud has its GitHub App already.";

const SPENT: &str = "This link has been used or is not one: the cloud prints a new one when it starts without a GitHub App.";

/// `{ slug, installUrl }` of the cloud's app, or `{ app: null }`: what the page shows once the app
/// is made (the slug is GitHub's public name of the app).
async fn describe(State(cloud): State<Cloud>) -> Result<Json<Value>, Error> {
    Ok(Json(match cloud.github().await? {
        Some(app) => json!({ "app": { "slug": app.slug(), "installUrl": app.install_url() } }),
        None => json!({ "app": null }),
    }))
}

#[derive(serde::Deserialize)]
struct Link {
    token: String,
}

/// A state for the link's form, which only the link's holder can get; the form's latest replaces
/// the one before. `{ state, githubUrl, origin }`: where the form posts, and the cloud's address
/// for the manifest.
async fn state(
    State(cloud): State<Cloud>,
    _: SameOrigin,
    Json(link): Json<Link>,
) -> Result<Json<Value>, Error> {
    if cloud.github().await?.is_some() {
        return Err(Error::Forbidden(HAS_APP.into()));
    }
    let state = secret::token();
    let updated = sqlx::query("UPDATE github_app_links SET state_hash = $1 WHERE token_hash = $2")
        .bind(secret::hash(&state))
        .bind(secret::hash(&link.token))
        .execute(&cloud.db.pool)
        .await?;
    if updated.rows_affected() != 1 {
        return Err(Error::Forbidden(SPENT.into()));
    }
    Ok(Json(json!({
        "state": state,
        "githubUrl": cloud.github_endpoints().web.trim_end_matches('/'),
        "origin": cloud.origin(),
    })))
}

#[derive(serde::Deserialize)]
struct Made {
    code: Option<String>,
    state: Option<String>,
}

/// Where GitHub sends the browser back with the new app's code: the link is spent, the code
/// exchanged and the app kept; then the page says what to do next. Failures are text, as a site's
/// sign-in callback shows them.
async fn created(State(cloud): State<Cloud>, Query(made): Query<Made>) -> Response {
    let (Some(code), Some(state)) = (made.code, made.state) else {
        return (StatusCode::BAD_REQUEST, "Missing code or state").into_response();
    };
    match complete(&cloud, &code, &state).await {
        Ok(()) => Redirect::to("/github-app").into_response(),
        Err(err @ Error::Unavailable(_)) => err.into_response(),
        Err(err) => (err.status().0, err.to_string()).into_response(),
    }
}

async fn complete(cloud: &Cloud, code: &str, state: &str) -> Result<(), Error> {
    let spent = sqlx::query("DELETE FROM github_app_links WHERE state_hash = $1")
        .bind(secret::hash(state))
        .execute(&cloud.db.pool)
        .await?;
    if spent.rows_affected() != 1 {
        return Err(Error::Forbidden(SPENT.into()));
    }
    if cloud.github().await?.is_some() {
        return Err(Error::Forbidden(HAS_APP.into()));
    }
    let endpoints = cloud.github_endpoints().clone();
    let code = code.to_string();
    let at = endpoints.clone();
    let credentials =
        tokio::task::spawn_blocking(move || storage_github::convert_manifest(&at, &code))
            .await
            .map_err(|err| Error::Unavailable(format!("a GitHub call stopped: {err}")))?
            .map_err(Error::Upstream)?;
    // Checked before it is kept: a key that cannot sign would leave the cloud without an app.
    GithubApp::new(GithubAppConfig {
        id: credentials.id,
        private_key_pem: credentials.pem.clone(),
        slug: Some(credentials.slug.clone()),
        web_url: endpoints.web.clone(),
        api_url: endpoints.api.clone(),
    })
    .map_err(Error::Upstream)?;
    sqlx::query(
        "INSERT INTO github_apps (app_id, slug, private_key, created_at) VALUES ($1, $2, $3, $4)",
    )
    .bind(credentials.id as i64)
    .bind(&credentials.slug)
    .bind(&credentials.pem)
    .bind(now())
    .execute(&cloud.db.pool)
    .await?;
    sqlx::query("DELETE FROM github_app_links")
        .execute(&cloud.db.pool)
        .await?;
    tracing::info!("the cloud's GitHub App {} was made", credentials.slug);
    Ok(())
}
