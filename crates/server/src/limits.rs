//! How much the API does at once. Reads take a permit as they come; a request that changes content
//! takes one of its sender's few turns (per person signed in, else per address) while its body
//! arrives, and one of the server's few write permits only once its body is in (each may carry a
//! 64 MB body and parse it), so slow bodies hold up no one else's saves. A request that waits too
//! long for a permit is answered 429 with `Retry-After`, so a flood slows nobody down for long and
//! memory stays bounded.
//!
//! The work itself (parsing, hashing, storage) runs off the async workers with a turn of its own,
//! held until the work ends: a client that goes away frees its request's turn, not the work's.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::{Request, State};
use axum::http::Method;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use tokio::sync::Semaphore;

use crate::error::ApiError;

/// Writes (change sets) handled at once.
pub const WRITES_AT_ONCE: usize = 2;
/// Requests that change content one person (or, without sign-in, one address) sends at once.
pub const WRITES_PER_PERSON: usize = 2;
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
    /// Each sender's requests that change content, as their bodies arrive.
    senders: PerKey,
}

impl Permits {
    pub fn new(writes: usize, reads: usize, wait: Duration) -> Permits {
        Permits {
            writes: Arc::new(Semaphore::new(writes)),
            reads: Arc::new(Semaphore::new(reads)),
            wait,
            senders: PerKey::default(),
        }
    }

    /// One of `sender`'s turns to send a change, waiting for one as long as for a permit; 429
    /// when none comes in time.
    pub async fn sender_turn(&self, sender: &str) -> Result<KeyTurn, ApiError> {
        let until = tokio::time::Instant::now() + self.wait;
        loop {
            if let Some(turn) = self.senders.take(sender, WRITES_PER_PERSON) {
                return Ok(turn);
            }
            if tokio::time::Instant::now() >= until {
                return Err(ApiError::busy(format!(
                    "You are sending {WRITES_PER_PERSON} changes already; try again once they are in"
                )));
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// One of the server's write permits, for a write whose body is in; 429 when none comes in time.
    pub async fn write(&self) -> Result<tokio::sync::OwnedSemaphorePermit, ApiError> {
        match tokio::time::timeout(self.wait, self.writes.clone().acquire_owned()).await {
            Ok(Ok(permit)) => Ok(permit),
            _ => Err(busy()),
        }
    }
}

/// Turns counted per key (a person, an address): at most a given number each at once.
#[derive(Clone, Default)]
pub struct PerKey {
    counts: Arc<Mutex<HashMap<String, usize>>>,
}

/// A turn of one key's, given back when dropped.
pub struct KeyTurn {
    counts: Arc<Mutex<HashMap<String, usize>>>,
    key: String,
}

impl PerKey {
    /// A turn for `key`, unless it has `max` already.
    pub fn take(&self, key: &str, max: usize) -> Option<KeyTurn> {
        let mut counts = self.counts.lock().unwrap_or_else(|p| p.into_inner());
        let count = counts.entry(key.to_string()).or_default();
        if *count >= max {
            return None;
        }
        *count += 1;
        Some(KeyTurn {
            counts: self.counts.clone(),
            key: key.to_string(),
        })
    }
}

impl Drop for KeyTurn {
    fn drop(&mut self) {
        let mut counts = self.counts.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(count) = counts.get_mut(&self.key) {
            *count -= 1;
            if *count == 0 {
                counts.remove(&self.key);
            }
        }
    }
}

impl Default for Permits {
    fn default() -> Permits {
        Permits::new(WRITES_AT_ONCE, READS_AT_ONCE, WAIT)
    }
}

pub async fn take_turn(State(permits): State<Permits>, request: Request, next: Next) -> Response {
    if !request.uri().path().starts_with("/api/keystatic/") {
        return next.run(request).await;
    }
    // Renewing a sign-in changes no content: it waits with the reads, not behind saves.
    let changes_content = (request.method() == Method::POST || request.method() == Method::DELETE)
        && !crate::sign_in_paths::is_sign_in_path(request.uri().path());
    if changes_content {
        // The server's write permit comes once the body is in (`write.rs`); until then the
        // request holds only a turn of its sender's (`signin::Writer`).
        return next.run(request).await;
    }
    match tokio::time::timeout(permits.wait, permits.reads.clone().acquire_owned()).await {
        Ok(Ok(_permit)) => next.run(request).await,
        _ => busy().into_response(),
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

fn busy() -> ApiError {
    ApiError::busy("Quire is busy with other requests; try again in a moment")
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
