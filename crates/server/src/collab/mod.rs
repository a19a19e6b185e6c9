//! Live collaboration: one WebSocket per admin tab at `/api/keystatic/v1/collab`, speaking the
//! y-sync and awareness protocols room by room (see `frame.rs` for the frames). The server keeps
//! each room's document, relays changes between the people in it and says who they are.

mod frame;
mod hub;
mod relay;
mod room;
mod socket;

use axum::Router;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::{State, WebSocketUpgrade};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use protocol::ErrorCode;

pub use frame::CHUNK_SIZE;
pub use hub::{CollabSettings, Hub};

use crate::limits::blocking;
use crate::signin::{Store, current_user};
use crate::{ApiError, AppState};

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
    /// May not collaborate (signed out, not allowed); why, for the console.
    Denied(String),
}

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

async fn upgrade(
    State(state): State<AppState>,
    headers: HeaderMap,
    store: Result<Store, ApiError>,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Response {
    if !state.config.collaboration {
        return ApiError::not_found("Collaboration is turned off in quire.yaml").into_response();
    }
    let Ok(ws) = ws else {
        return ApiError::new(
            StatusCode::BAD_REQUEST,
            ErrorCode::BadRequest,
            "This address takes a WebSocket",
        )
        .into_response();
    };
    let person = if state.setup.is_some() && state.sign_in().is_none() {
        Person::Denied("Quire is not set up yet".into())
    } else {
        match current_user(&state, &headers).await {
            Ok(None) => Person::Unnamed,
            Ok(Some(user)) => {
                let shown = serde_json::json!({
                    "id": user.login,
                    "name": user.name.unwrap_or_else(|| user.login.clone()),
                    "avatarUrl": user.avatar_url,
                });
                match rights(store).await {
                    Ok(rights) => Person::Known(shown, rights),
                    Err(err) => Person::Denied(err.message),
                }
            }
            Err(err) => Person::Denied(err.message),
        }
    };
    let hub = state.collab.clone();
    let Some(ticket) = hub.admit() else {
        return ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            ErrorCode::TooManyRequests,
            "Too many people are collaborating on this server",
        )
        .into_response();
    };
    // Buffers of 16 KiB rather than 128: most frames are keystrokes, and a server holds thousands of
    // sockets (a larger frame grows its buffer while it lasts).
    ws.max_message_size(CHUNK_SIZE + 64 * 1024)
        .read_buffer_size(16 * 1024)
        .write_buffer_size(16 * 1024)
        .on_upgrade(move |socket| socket::run(socket, hub, ticket, person))
}

/// What the person signed in may write: asked of their storage (GitHub), as the config is.
async fn rights(store: Result<Store, ApiError>) -> Result<Rights, ApiError> {
    let Store(storage) = store?;
    blocking(move || {
        let can_write = storage.writable()?;
        let fork = storage
            .remote()?
            .and_then(|remote| remote.upstream.map(|_| remote.url));
        Ok(Rights::of(can_write, fork.as_deref()))
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
