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

use crate::signin::current_user;
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
    /// Signed in: shown as their account.
    Known(serde_json::Value),
    /// May not collaborate (signed out, not allowed); why, for the console.
    Denied(String),
}

async fn upgrade(
    State(state): State<AppState>,
    headers: HeaderMap,
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
            Ok(Some(user)) => Person::Known(serde_json::json!({
                "id": user.login,
                "name": user.name.unwrap_or_else(|| user.login.clone()),
                "avatarUrl": user.avatar_url,
            })),
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
