//! Serving the application on a listener with the limits a server on a network needs: a bounded
//! number of connections, and a connection that does not send a whole request head in time (while
//! connecting or idle between requests) is closed, so slow clients cannot hold the server.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tower::ServiceExt;

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
    // HTTP/1.1 only: browsers speak HTTP/2 only over TLS, which a proxy in front ends, and an
    // HTTP/2 connection that answers pings would never be timed out.
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(connections.header_timeout);
    let builder = Arc::new(builder);
    let permits = Arc::new(Semaphore::new(connections.at_once));
    // Connections are told to finish when this turns true (hyper-util's `GracefulShutdown` does
    // not take connections that may become WebSockets).
    let (stop, stopping) = tokio::sync::watch::channel(false);
    tokio::pin!(shutdown);
    loop {
        let permit = tokio::select! {
            permit = permits.clone().acquire_owned() => permit.map_err(std::io::Error::other)?,
            () = &mut shutdown => break,
        };
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                // Out of file descriptors, say: wait a moment rather than stop serving.
                Err(err) => {
                    tracing::warn!("cannot accept a connection: {err}");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        // Each request knows the address it came from (limits per address, `client.rs`).
        let service = TowerToHyperService::new(app.clone().map_request(
            move |mut request: axum::extract::Request<hyper::body::Incoming>| {
                request.extensions_mut().insert(ConnectInfo(peer));
                request
            },
        ));
        // A WebSocket leaves the connection once upgraded, and with it its permit: sockets are
        // bounded by the collaboration hub.
        let connection = builder
            .serve_connection(TokioIo::new(stream), service)
            .with_upgrades();
        let mut stopping = stopping.clone();
        tokio::spawn(async move {
            tokio::pin!(connection);
            let stopped = tokio::select! {
                _ = connection.as_mut() => false,
                stopped = stopping.wait_for(|stop| *stop) => stopped.is_ok(),
            };
            if stopped {
                connection.as_mut().graceful_shutdown();
                let _ = connection.await;
            }
            drop(permit);
        });
    }
    let _ = stop.send(true);
    // Every connection has finished when every permit is back.
    let _ = permits.acquire_many(connections.at_once as u32).await;
    Ok(())
}
