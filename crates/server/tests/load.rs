//! What keeps the server answering under load: slow clients are cut off, connections are bounded,
//! requests beyond what it does at once are answered 429, and a change set's size is bounded.

mod site;

use std::io::{Read, Write};
use std::time::Duration;

use axum::http::{StatusCode, header};
use serde_json::json;
use server::{AppState, Connections, Permits};

/// Serves the example site on a real socket with `connections`; answers its address.
async fn listen(connections: Connections) -> (site::Site, String) {
    let site = site::local();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a port");
    let address = listener.local_addr().expect("address").to_string();
    let app = site.app.clone();
    tokio::spawn(server::serve(
        listener,
        app,
        connections,
        std::future::pending(),
    ));
    (site, address)
}

/// A request on its own connection, read until the server closes it (at most five seconds).
fn get(address: &str) -> std::io::Result<String> {
    let mut stream = std::net::TcpStream::connect(address)?;
    stream.set_read_timeout(Some(Duration::from_secs(5)))?;
    write!(
        stream,
        "GET /api/keystatic/v1/config HTTP/1.1\r\nHost: {}\r\nno-cors: 1\r\nConnection: close\r\n\r\n",
        site::HOST
    )?;
    let mut response = String::new();
    stream.read_to_string(&mut response)?;
    Ok(response)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_clients_are_cut_off_and_cannot_hold_every_connection() {
    let connections = Connections {
        at_once: 2,
        header_timeout: Duration::from_millis(300),
    };
    let (_site, address) = listen(connections).await;
    let response = tokio::task::spawn_blocking(move || {
        // Two clients that never finish their request heads take every connection there is.
        let mut slow = Vec::new();
        for _ in 0..2 {
            let mut stream = std::net::TcpStream::connect(&address).expect("connect");
            stream
                .write_all(b"GET /keystatic HTTP/1.1\r\nHo")
                .expect("write");
            slow.push(stream);
        }
        let answer = get(&address);
        for mut stream in slow {
            stream
                .set_read_timeout(Some(Duration::from_secs(5)))
                .expect("timeout");
            let mut rest = Vec::new();
            let closed = stream.read_to_end(&mut rest).is_ok();
            assert!(closed, "a slow client's connection is closed by the server");
        }
        answer
    })
    .await
    .expect("the clients ran")
    .expect("the request was answered");
    assert!(response.starts_with("HTTP/1.1 200"), "{response}");
}

#[tokio::test]
async fn requests_beyond_what_the_server_does_at_once_are_told_to_wait() {
    let mut site = site::local();
    let text = std::fs::read_to_string(site.path("quire.yaml")).expect("config");
    let config = content::config::parse(&text).expect("valid");
    let storage = std::sync::Arc::new(storage_fs::FsStorage::new(site.dir.path()));
    let mut state = AppState::new(config, storage, vec![site::HOST.into()]);
    state.permits = Permits::new(0, 32, Duration::from_millis(50));
    site.app = server::router(state);
    let (status, body) = site
        .post(
            "/api/keystatic/v1/commit",
            json!({ "additions": [], "deletions": [], "expected": {} }),
        )
        .await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert_eq!(body["code"], "too_many_requests");
    let answer = site.get("/api/keystatic/v1/config").await;
    assert_eq!(
        answer.status,
        StatusCode::OK,
        "reads have turns of their own"
    );
    let request = axum::http::Request::post("/api/keystatic/update")
        .header("no-cors", "1")
        .header(header::HOST, site::HOST)
        .header(header::CONTENT_TYPE, "application/json")
        .body(axum::body::Body::from(r#"{"additions":[],"deletions":[]}"#))
        .expect("request");
    let answer = site.send(request).await;
    assert_eq!(answer.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(answer.headers[header::RETRY_AFTER], "2");
}

#[tokio::test]
async fn a_change_set_holds_a_bounded_number_of_files() {
    let site = site::local();
    let deletions: Vec<_> = (0..=server::FILES_PER_CHANGE_SET)
        .map(|i| json!({ "path": format!("content/posts/p{i}.mdoc") }))
        .collect();
    let (status, body) = site
        .post(
            "/api/keystatic/update",
            json!({ "additions": [], "deletions": deletions }),
        )
        .await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{body}");
    assert_eq!(
        body,
        json!(format!(
            "A change holds at most {} files; this one has {}",
            server::FILES_PER_CHANGE_SET,
            server::FILES_PER_CHANGE_SET + 1
        ))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn http2_connections_are_not_kept() {
    let connections = Connections {
        at_once: 4,
        header_timeout: Duration::from_millis(300),
    };
    let (_site, address) = listen(connections).await;
    let closed = tokio::task::spawn_blocking(move || {
        let mut stream = std::net::TcpStream::connect(&address).expect("connect");
        stream
            .set_read_timeout(Some(Duration::from_secs(5)))
            .expect("timeout");
        stream
            .write_all(b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n")
            .expect("write");
        let mut rest = Vec::new();
        stream.read_to_end(&mut rest).is_ok()
    })
    .await
    .expect("the client ran");
    assert!(closed, "an HTTP/2 connection is closed, not kept open");
}

#[tokio::test]
async fn a_body_over_the_limit_is_413() {
    let site = site::local();
    let big = "a".repeat(server::BODY_LIMIT + 1);
    let body = json!({ "additions": [{ "path": "content/posts/big.mdoc", "contents": big }], "deletions": [], "expected": {} });
    let (status, answer) = site.post("/api/keystatic/v1/commit", body).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(answer["code"], "too_large");
}
