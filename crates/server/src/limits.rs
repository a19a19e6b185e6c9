//! How much the API does at once. Reads and writes of content take a permit: a few writes (each may
//! carry a 64 MB body and parse it) and more reads; a request that waits too long for one is
//! answered 429 with `Retry-After`, so a flood slows nobody down for long and memory stays bounded.
//!
//! The work itself (parsing, hashing, storage) runs off the async workers with a turn of its own,
//! held until the work ends: a client that goes away frees its request's turn, not the work's.

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
    // Renewing a sign-in changes no content: it waits with the reads, not behind saves.
    let changes_content = (request.method() == Method::POST || request.method() == Method::DELETE)
        && !request.uri().path().starts_with("/api/keystatic/github/");
    let pool = if changes_content {
        &state.permits.writes
    } else {
        &state.permits.reads
    };
    match tokio::time::timeout(state.permits.wait, pool.clone().acquire_owned()).await {
        Ok(Ok(_permit)) => next.run(request).await,
        _ => busy(),
    }
}

/// Turns for the work of writes and of reads, held by the blocking task until it ends.
static WRITE_WORK: Semaphore = Semaphore::const_new(WRITES_AT_ONCE);
static READ_WORK: Semaphore = Semaphore::const_new(READS_AT_ONCE);

/// Which kind of work.
#[derive(Debug, Clone, Copy)]
pub enum Work {
    Read,
    Write,
}

/// Runs `work` on a blocking thread once a turn for its kind is free; the turn goes with it.
pub async fn run<T: Send + 'static>(
    kind: Work,
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, ApiError> {
    let pool = match kind {
        Work::Read => &READ_WORK,
        Work::Write => &WRITE_WORK,
    };
    let turn = pool.acquire().await.map_err(ApiError::internal)?;
    // The turn moves into the task, so it is held while the work runs, however the request ends.
    match tokio::task::spawn_blocking(move || {
        let _turn = turn;
        work()
    })
    .await
    {
        Ok(result) => Ok(result),
        Err(join) => Err(ApiError::internal(join)),
    }
}

/// Runs storage work that changes nothing off the async threads, with a read turn.
pub async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, storage::Error> + Send + 'static,
) -> Result<T, ApiError> {
    run(Work::Read, work).await?.map_err(ApiError::from)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn work_keeps_its_turn_when_its_request_goes_away() {
        let (started, ready) = std::sync::mpsc::channel();
        let (release, wait) = std::sync::mpsc::channel::<()>();
        let wait = std::sync::Arc::new(std::sync::Mutex::new(wait));
        let mut requests = Vec::new();
        for _ in 0..WRITES_AT_ONCE {
            let (started, wait) = (started.clone(), wait.clone());
            requests.push(tokio::spawn(run(Work::Write, move || {
                started.send(()).expect("tell");
                let _ = wait.lock().expect("lock").recv();
            })));
        }
        for _ in 0..WRITES_AT_ONCE {
            ready.recv().expect("the work started");
        }
        // The clients go away; their work goes on, and so do its turns.
        for request in requests {
            request.abort();
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert_eq!(WRITE_WORK.available_permits(), 0);
        for _ in 0..WRITES_AT_ONCE {
            release.send(()).expect("release");
        }
        let back = tokio::time::timeout(Duration::from_secs(5), async {
            while WRITE_WORK.available_permits() < WRITES_AT_ONCE {
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
        })
        .await;
        assert!(back.is_ok(), "the turns come back when the work ends");
    }
}
