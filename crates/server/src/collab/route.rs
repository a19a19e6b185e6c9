//! The socket's route: who may open one, as whom, with what rights, within which bounds.

use std::sync::Arc;

use axum::Router;
use axum::extract::{FromRequestParts, Request, State, WebSocketUpgrade};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use protocol::ErrorCode;

use super::frame::CHUNK_SIZE;
use super::hub::{AdmitError, Holder};
use super::person::{Person, Recheck, Rights};
use super::socket;
use crate::client;
use crate::error::ApiError;
use crate::extract::Store;
use crate::limits::blocking;
use crate::signin::current_user;
use crate::state::AppState;

/// The socket's address, below `/api/keystatic/v1`.
pub const PATH: &str = "/collab";

pub fn routes() -> Router<AppState> {
    Router::new().route(PATH, get(upgrade))
}

/// Opens a socket, for people the server lets collaborate: with sign-in, someone signed in who
/// may read the repository (others are refused here, before any socket); within the bounds of the
/// server, of their address and of their own (`hub.rs`).
async fn upgrade(State(state): State<AppState>, request: Request) -> Response {
    if !state.config.collaboration {
        return ApiError::not_found("Collaboration is turned off in quire.yaml").into_response();
    }
    let (mut parts, body) = request.into_parts();
    let address = client::address(&parts).map(client::address_key);
    let ws = match WebSocketUpgrade::from_request_parts(&mut parts, &state).await {
        Ok(ws) => ws,
        Err(_) => {
            return ApiError::new(
                StatusCode::BAD_REQUEST,
                ErrorCode::BadRequest,
                "This address takes a WebSocket",
            )
            .into_response();
        }
    };
    drop(body);
    if state.setup.is_some() && state.sign_in().is_none() {
        return ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            ErrorCode::SetupRequired,
            "Quire is not set up yet",
        )
        .into_response();
    }
    let signed_in = state.sign_in().is_some();
    let person = match person_of(&state, &parts.headers).await {
        Ok(person) => person,
        Err(err) => return err.into_response(),
    };
    let holder = Holder {
        address,
        person: match &person {
            Person::Known(shown, _) => shown["id"].as_str().map(String::from),
            Person::Unnamed => None,
        },
    };
    let hub = state.collab.clone();
    let ticket = match hub.admit(&holder) {
        Ok(ticket) => ticket,
        Err(err) => {
            let status = match err {
                AdmitError::Full => StatusCode::SERVICE_UNAVAILABLE,
                AdmitError::Address | AdmitError::Person => StatusCode::TOO_MANY_REQUESTS,
            };
            return ApiError::new(status, ErrorCode::TooManyRequests, err.to_string())
                .into_response();
        }
    };
    let recheck: Option<Recheck> = signed_in.then(|| {
        let headers = parts.headers.clone();
        let state = state.clone();
        let recheck: Recheck = Arc::new(move || {
            let (state, headers) = (state.clone(), headers.clone());
            Box::pin(async move { person_of(&state, &headers).await.map_err(|err| err.message) })
        });
        recheck
    });
    // Buffers of 16 KiB rather than 128: most frames are keystrokes, and a server holds thousands of
    // sockets (a larger frame grows its buffer while it lasts).
    ws.max_message_size(CHUNK_SIZE + 64 * 1024)
        .read_buffer_size(16 * 1024)
        .write_buffer_size(16 * 1024)
        .on_upgrade(move |socket| socket::run(socket, hub, ticket, person, recheck))
}

/// Who the request's person is and what they may write: with sign-in, as their storage says (the
/// provider is asked each time); an error when they may not collaborate (nor may anyone of a cloud
/// team without multiplayer).
async fn person_of(state: &AppState, headers: &HeaderMap) -> Result<Person, ApiError> {
    let Some(user) = current_user(state, headers).await? else {
        return Ok(Person::Unnamed);
    };
    // A cloud team that does not edit together has no socket, whatever the page asks; asked again
    // on each recheck, so switching it off ends the sockets open.
    if state.personal_sign_in().is_some()
        && let Some(cloud) = crate::signin::cloud_session(state, headers).await?
        && !cloud.multiplayer
    {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            ErrorCode::Forbidden,
            format!(
                "Co-editing is off for {}: an admin of the team switches it on in the cloud.",
                cloud.team
            ),
        ));
    }
    let shown = serde_json::json!({
        "id": user.login,
        "name": user.name.unwrap_or_else(|| user.login.clone()),
        "avatarUrl": user.avatar_url,
    });
    let (mut parts, ()) = axum::http::Request::new(()).into_parts();
    parts.headers = headers.clone();
    let store = Store::from_request_parts(&mut parts, state).await;
    Ok(Person::Known(shown, rights(store).await?))
}

/// What the person signed in may write: asked of their storage (GitHub), as the config is.
async fn rights(store: Result<Store, ApiError>) -> Result<Rights, ApiError> {
    let Store(storage) = store?;
    blocking(move || {
        let Some(hosting) = storage.hosting() else {
            return Ok(Rights::of(true, None));
        };
        let repository = hosting.repository()?;
        let fork = repository.fork_of.map(|_| repository.url);
        Ok(Rights::of(hosting.writable()?, fork.as_deref()))
    })
    .await
}
