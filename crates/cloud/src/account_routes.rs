//! What the account page calls (`/api/account/…`): the signed-in person's name, picture,
//! password, passkeys and sessions. Each acts on the caller's own account only.

use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::{delete, get, post, put};
use axum::{Json, Router};
use serde_json::json;

use crate::error::Error;
use crate::extract::{SameOrigin, SignedIn, session_token};
use crate::state::Cloud;
use crate::{avatars, passkeys, password, people, sessions};

pub fn routes() -> Router<Cloud> {
    Router::new()
        .route("/api/account", put(rename))
        .route(
            "/api/account/avatar",
            put(set_avatar)
                .delete(remove_avatar)
                .layer(DefaultBodyLimit::max(avatars::UPLOAD_MAX)),
        )
        .route("/api/account/password", put(change_password))
        .route("/api/account/sessions", get(list_sessions))
        .route("/api/account/sessions/{id}", delete(end_session))
        .route(
            "/api/account/passkeys",
            get(list_passkeys).post(add_passkey),
        )
        .route("/api/account/passkeys/options", post(passkey_options))
        .route("/api/account/passkeys/{id}", delete(remove_passkey))
}

#[derive(serde::Deserialize)]
struct Name {
    name: String,
}

async fn rename(
    State(cloud): State<Cloud>,
    _: SameOrigin,
    SignedIn(mut user): SignedIn,
    Json(given): Json<Name>,
) -> Result<Json<serde_json::Value>, Error> {
    user.name = people::set_name(&cloud.db, &user.id, &given.name).await?;
    Ok(Json(json!({ "user": user })))
}

/// The body is the picture's bytes.
async fn set_avatar(
    State(cloud): State<Cloud>,
    _: SameOrigin,
    SignedIn(mut user): SignedIn,
    upload: Bytes,
) -> Result<Json<serde_json::Value>, Error> {
    user.avatar_url = Some(avatars::set(&cloud.db, &user, &upload).await?);
    Ok(Json(json!({ "user": user })))
}

async fn remove_avatar(
    State(cloud): State<Cloud>,
    _: SameOrigin,
    SignedIn(mut user): SignedIn,
) -> Result<Json<serde_json::Value>, Error> {
    avatars::remove(&cloud.db, &user).await?;
    user.avatar_url = None;
    Ok(Json(json!({ "user": user })))
}

#[derive(serde::Deserialize)]
struct NewPassword {
    current: String,
    password: String,
}

async fn change_password(
    State(cloud): State<Cloud>,
    _: SameOrigin,
    SignedIn(user): SignedIn,
    headers: HeaderMap,
    Json(given): Json<NewPassword>,
) -> Result<StatusCode, Error> {
    let stored = people::password_hash(&cloud.db, &user.id).await?;
    if !stored.is_some_and(|stored| password::verify(&given.current, &stored)) {
        return Err(Error::Forbidden(
            "The current password is not right.".into(),
        ));
    }
    people::set_password(&cloud.db, &user.id, &given.password).await?;
    // Whoever knew the old password is signed out everywhere but here.
    let keep = session_token(&cloud, &headers).unwrap_or_default();
    sessions::end_others(&cloud.db, &user, &keep).await?;
    Ok(StatusCode::NO_CONTENT)
}

async fn list_sessions(
    State(cloud): State<Cloud>,
    SignedIn(user): SignedIn,
    headers: HeaderMap,
) -> Result<Json<serde_json::Value>, Error> {
    let current = session_token(&cloud, &headers).unwrap_or_default();
    Ok(Json(
        json!({ "sessions": sessions::list(&cloud.db, &user, &current).await? }),
    ))
}

async fn end_session(
    State(cloud): State<Cloud>,
    _: SameOrigin,
    SignedIn(user): SignedIn,
    Path(id): Path<String>,
) -> Result<StatusCode, Error> {
    if sessions::end_one(&cloud.db, &user, &id).await? {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(Error::NotFound("There is no such session of yours.".into()))
    }
}

async fn list_passkeys(
    State(cloud): State<Cloud>,
    SignedIn(user): SignedIn,
) -> Result<Json<serde_json::Value>, Error> {
    Ok(Json(json!({
        "available": cloud.passkeys_available(),
        "passkeys": passkeys::list(&cloud.db, &user).await?,
    })))
}

async fn passkey_options(
    State(cloud): State<Cloud>,
    _: SameOrigin,
    SignedIn(user): SignedIn,
) -> Result<Json<serde_json::Value>, Error> {
    let relying_party = cloud.relying_party()?;
    Ok(Json(
        passkeys::start_adding(&cloud.db, relying_party, &user).await?,
    ))
}

#[derive(serde::Deserialize)]
struct NewPasskey {
    ceremony: String,
    name: String,
    credential: webauthn_rs::prelude::RegisterPublicKeyCredential,
}

async fn add_passkey(
    State(cloud): State<Cloud>,
    _: SameOrigin,
    SignedIn(user): SignedIn,
    Json(given): Json<NewPasskey>,
) -> Result<Json<serde_json::Value>, Error> {
    let relying_party = cloud.relying_party()?;
    let passkey = passkeys::finish_adding(
        &cloud.db,
        relying_party,
        &user,
        &given.ceremony,
        &given.name,
        &given.credential,
    )
    .await?;
    Ok(Json(json!({ "passkey": passkey })))
}

async fn remove_passkey(
    State(cloud): State<Cloud>,
    _: SameOrigin,
    SignedIn(user): SignedIn,
    Path(id): Path<String>,
) -> Result<StatusCode, Error> {
    if passkeys::remove(&cloud.db, &user, &id).await? {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(Error::NotFound("There is no such passkey of yours.".into()))
    }
}
