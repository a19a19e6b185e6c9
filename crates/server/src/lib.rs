//! Quire's HTTP server.
//!
//! [`router`] builds the whole application from an [`AppState`]: Keystatic's local API
//! (`/api/keystatic/{tree,blob,update}`), Quire's own API under `/api/keystatic/v1/`, and the
//! admin app at `/keystatic`. This is the only crate that knows HTTP and JSON on the wire.
//!
//! Routes: `local_api.rs` (Keystatic's, plain-text errors), `v1.rs` (Quire's, JSON errors through
//! the one [`ApiError`] of `error.rs`, which says each storage error once), `blob.rs` (a file by
//! its SHA, for both), `entry.rs` (what opening an entry reads), `branches.rs` (with
//! `branch_name.rs`), `signin/`, `collab/` (the collaboration socket), `cloud_images.rs` (uploads
//! to the cloud's image service with the person's sealed token) and `admin.rs` (the embedded
//! admin). Every write goes through `write.rs`, the one pipeline that stores a change set. At
//! the edge: `guard.rs` (Host, `no-cors`, Origin, JSON bodies), `headers.rs` (security headers),
//! `client.rs` (who is asking, by address), `extract.rs` (the storage and branch a request acts
//! on), `limits.rs` (turns, permits, work off the async workers) and `serve.rs` (the serve loop).
//! `state.rs` holds the [`AppState`]; `config_wire.rs` turns the config into the admin's JSON.
//! The server knows the `storage` traits, never a backend: the binary picks one.

mod admin;
mod blob;
mod branch_name;
mod branches;
mod client;
mod cloud_images;
mod collab;
mod config_wire;
mod entry;
mod error;
mod extract;
mod guard;
mod headers;
mod limits;
mod local_api;
mod serve;
mod sign_in_paths;
mod signin;
mod state;
mod v1;
mod wire;
mod write;

use axum::Router;
use axum::extract::DefaultBodyLimit;

pub use collab::{CollabSettings, Hub};
pub use config_wire::wire_config;
pub use error::ApiError;
pub use limits::{FILES_PER_CHANGE_SET, Permits, READS_AT_ONCE, WAIT, WRITES_AT_ONCE};
pub use serve::{Connections, serve};
pub use signin::{AppCreated, SECRET_MIN, Sealer, Setup, SignIn};
pub use state::AppState;
pub use v1::CONFIG_SCHEMA;

/// Change sets carry whole files in base64; allow for large images.
pub const BODY_LIMIT: usize = 64 * 1024 * 1024;
/// A request's body must arrive within this time.
pub const BODY_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(120);

/// The whole application.
pub fn router(state: AppState) -> Router {
    Router::new()
        .merge(local_api::routes())
        .nest("/api/keystatic/v1", v1::routes().merge(collab::routes()))
        .merge(signin::provider_routes(&state))
        .merge(admin::routes())
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            signin::renew_expired,
        ))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            guard::check_request,
        ))
        .layer(axum::middleware::from_fn_with_state(
            state.permits.clone(),
            limits::take_turn,
        ))
        .layer(axum::middleware::from_fn(headers::secure))
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(tower_http::timeout::RequestBodyTimeoutLayer::new(
            BODY_TIMEOUT,
        ))
        .with_state(state)
}
