//! Serving the application on a listener with the limits a server on a network needs: a bounded
//! number of connections, and a connection that does not send a whole request head in time (while
//! connecting or idle between requests) is closed, so slow clients cannot hold the server.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto;
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

/// How many connections are served at once, and how long one may take to send a request's head.
#[derive(Debug, Clone, Copy)]
pub struct Connections {
    /// Connections served at once; more wait in the listener's queue.
    pub at_once: usize,
    /// A request's head must arrive within this time; an idle connection is closed after it.
    pub header_timeout: Duration,
}

impl Default for Connections {
    fn default() -> Connections {
        Connections {
            at_once: 512,
            header_timeout: Duration::from_secs(10),
        }
    }
}

/// Serves `app` on `listener` until `shutdown` completes, then lets open requests finish.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    connections: Connections,
    shutdown: impl Future<Output = ()>,
) -> std::io::Result<()> {
    let mut builder = auto::Builder::new(TokioExecutor::new());
    builder
        .http1()
        .timer(TokioTimer::new())
        .header_read_timeout(connections.header_timeout);
    builder
        .http2()
        .timer(TokioTimer::new())
        .keep_alive_interval(connections.header_timeout)
        .keep_alive_timeout(connections.header_timeout);
    let builder = Arc::new(builder);
    let permits = Arc::new(Semaphore::new(connections.at_once));
    let graceful = GracefulShutdown::new();
    tokio::pin!(shutdown);
    loop {
        let permit = tokio::select! {
            permit = permits.clone().acquire_owned() => permit.map_err(std::io::Error::other)?,
            () = &mut shutdown => break,
        };
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                // Out of file descriptors, say: wait a moment rather than stop serving.
                Err(err) => {
                    tracing::warn!("cannot accept a connection: {err}");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let service = TowerToHyperService::new(app.clone());
        let connection = builder
            .serve_connection_with_upgrades(TokioIo::new(stream), service)
            .into_owned();
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            let _ = connection.await;
            drop(permit);
        });
    }
    graceful.shutdown().await;
    Ok(())
}
