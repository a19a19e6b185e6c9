//! How much the API does at once. Reads and writes of content take a permit: a few writes (each may
//! carry a 64 MB body and parse it) and more reads; a request that waits too long for one is
//! answered 429 with `Retry-After`, so a flood slows nobody down for long and memory stays bounded.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::{Request, State};
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use tokio::sync::Semaphore;

use protocol::ErrorCode;

use crate::{ApiError, AppState};

/// Writes (change sets) handled at once.
pub const WRITES_AT_ONCE: usize = 2;
/// Other API requests handled at once.
pub const READS_AT_ONCE: usize = 32;
/// How long a request waits for its turn before it is answered 429.
pub const WAIT: Duration = Duration::from_secs(5);
/// Files in one change set.
pub const FILES_PER_CHANGE_SET: usize = 1000;

/// The permits of one server.
#[derive(Clone)]
pub struct Permits {
    writes: Arc<Semaphore>,
    reads: Arc<Semaphore>,
    wait: Duration,
}

impl Permits {
    pub fn new(writes: usize, reads: usize, wait: Duration) -> Permits {
        Permits {
            writes: Arc::new(Semaphore::new(writes)),
            reads: Arc::new(Semaphore::new(reads)),
            wait,
        }
    }
}

impl Default for Permits {
    fn default() -> Permits {
        Permits::new(WRITES_AT_ONCE, READS_AT_ONCE, WAIT)
    }
}

pub async fn take_turn(State(state): State<AppState>, request: Request, next: Next) -> Response {
    if !request.uri().path().starts_with("/api/keystatic/") {
        return next.run(request).await;
    }
    let pool = if request.method() == Method::POST || request.method() == Method::DELETE {
        &state.permits.writes
    } else {
        &state.permits.reads
    };
    match tokio::time::timeout(state.permits.wait, pool.clone().acquire_owned()).await {
        Ok(Ok(_permit)) => next.run(request).await,
        _ => busy(),
    }
}

fn busy() -> Response {
    let mut response = ApiError::new(
        StatusCode::TOO_MANY_REQUESTS,
        ErrorCode::TooManyRequests,
        "Quire is busy with other requests; try again in a moment",
    )
    .into_response();
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from_static("2"));
    response
}
