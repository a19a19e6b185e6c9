//! Live collaboration: one WebSocket per admin tab at `/api/keystatic/v1/collab`, speaking the
//! y-sync and awareness protocols room by room (see `frame.rs` for the frames). The server keeps
//! each room's document, relays changes between the people in it and says who they are.

mod frame;
mod hub;
mod relay;
mod room;
mod socket;

use std::sync::Arc;

use axum::Router;
use axum::extract::{FromRequestParts, Request, State, WebSocketUpgrade};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use protocol::ErrorCode;

pub use frame::CHUNK_SIZE;
pub use hub::{CollabSettings, Hub};

use crate::client;
use crate::error::ApiError;
use crate::extract::Store;
use crate::limits::blocking;
use crate::signin::current_user;
use crate::state::AppState;
use hub::{AdmitError, Holder};

/// The socket's address, below `/api/keystatic/v1`.
pub const PATH: &str = "/collab";

pub fn routes() -> Router<AppState> {
    Router::new().route(PATH, get(upgrade))
}

/// Who a socket belongs to, as far as the server knows before it speaks.
#[derive(Debug, Clone)]
pub enum Person {
    /// Storage without sign-in: the person names themselves.
    Unnamed,
    /// Signed in: shown as their account, writing where `rights` say.
    Known(serde_json::Value, Rights),
}

/// Asks again who a signed-in socket's person is and what they may write; Err: they may no longer
/// collaborate (signed out, no access), and why.
pub type Recheck = Arc<
    dyn Fn() -> std::pin::Pin<Box<dyn Future<Output = Result<Person, String>> + Send>>
        + Send
        + Sync,
>;

/// The rooms whose documents a person may change (everyone may read them and say where they are).
/// A room's document is what whoever saves it commits: someone who may not push to the repository
/// must not write into what its writers save.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Rights {
    /// Every room: the person may push to the repository.
    All,
    /// Only the rooms of their fork's branches (`entry:{fork}@…`, the fork's address
    /// percent-encoded as the admin names them).
    Fork(String),
    /// None: the person may only read.
    None,
}

impl Rights {
    pub fn may_write(&self, room: &str) -> bool {
        match self {
            Rights::All => true,
            Rights::Fork(prefix) => room.starts_with(prefix),
            Rights::None => false,
        }
    }

    /// The rights of someone who may push (`can_write`) to the repository they work on, their fork
    /// when `fork_url` is given.
    pub fn of(can_write: bool, fork_url: Option<&str>) -> Rights {
        match (can_write, fork_url) {
            (true, None) => Rights::All,
            (true, Some(url)) => Rights::Fork(format!("entry:{}@", percent_encode(url))),
            (false, _) => Rights::None,
        }
    }
}

/// `text` as JavaScript's `encodeURIComponent` writes it.
fn percent_encode(text: &str) -> String {
    let mut encoded = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || b"-_.!~*'()".contains(&byte) {
            encoded.push(byte as char);
        } else {
            encoded.push_str(&format!("%{byte:02X}"));
        }
    }
    encoded
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
/// provider is asked each time); an error when they may not collaborate.
async fn person_of(state: &AppState, headers: &HeaderMap) -> Result<Person, ApiError> {
    let Some(user) = current_user(state, headers).await? else {
        return Ok(Person::Unnamed);
    };
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn people_write_only_where_they_may_push() {
        let writer = Rights::of(true, None);
        assert!(writer.may_write("entry:main:collection/posts/item/a"));
        let reader = Rights::of(false, None);
        assert!(!reader.may_write("entry:main:collection/posts/item/a"));
        let forker = Rights::of(true, Some("https://github.com/octo/blog"));
        assert_eq!(
            forker,
            Rights::Fork("entry:https%3A%2F%2Fgithub.com%2Focto%2Fblog@".into())
        );
        assert!(
            forker
                .may_write("entry:https%3A%2F%2Fgithub.com%2Focto%2Fblog@main:singleton/settings")
        );
        assert!(!forker.may_write("entry:main:singleton/settings"));
    }
}
