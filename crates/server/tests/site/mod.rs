//! A copy of the example site served by `router(state)` without a socket, over local or git
//! storage, and the requests the tests send it.

#![allow(dead_code)] // Each test file uses its own part.

use std::sync::Arc;

use axum::body::Body;
use axum::http::{HeaderMap, Request, StatusCode, header};
use base64::Engine;
use http_body_util::BodyExt;
use serde_json::Value;
use server::{AppState, router};
use tower::ServiceExt;

pub const HOST: &str = "127.0.0.1:8788";

pub struct Site {
    pub dir: tempfile::TempDir,
    pub app: axum::Router,
}

/// How the copy stores its content.
#[derive(Default)]
pub struct Git {
    /// Branches that take no commits.
    pub protected: &'static [&'static str],
    /// A remote to push to, named `origin`, at this URL.
    pub remote: Option<String>,
}

/// The example blog with local storage.
pub fn local() -> Site {
    let dir = test_support::copy_site("examples/blog");
    let text = std::fs::read_to_string(dir.path().join("quire.yaml")).expect("config");
    let storage = Arc::new(storage_fs::FsStorage::new(dir.path()));
    serve(dir, &text, storage)
}

/// The example blog as a git repository with one commit, served with git storage.
pub fn git(options: Git) -> Site {
    let dir = test_support::copy_site("examples/blog");
    let config_path = dir.path().join("quire.yaml");
    let mut storage = String::from("storage:\n  kind: git\n");
    if !options.protected.is_empty() {
        storage += &format!("  protected: [{}]\n", options.protected.join(", "));
    }
    if options.remote.is_some() {
        storage += "  remote: origin\n";
    }
    let text = std::fs::read_to_string(&config_path)
        .expect("config")
        .replace("storage:\n  kind: local\n", &storage);
    std::fs::write(&config_path, &text).expect("write config");
    let git = |args: &[&str]| test_support::git(dir.path(), args);
    git(&["init", "-q"]);
    if let Some(url) = &options.remote {
        git(&["remote", "add", "origin", url]);
    }
    git(&["add", "-A"]);
    git(&["commit", "-q", "-m", "site"]);
    let config = content::config::parse(&text).expect("valid config");
    let storage = storage_git::GitStorage::open(dir.path(), None).expect("opens");
    // As the binary opens it: the config's remote and protected branches.
    let storage = match &config.storage {
        content::config::StorageKind::Git(git) => storage
            .with_remote(git.remote.clone())
            .with_protected(git.protected.clone()),
        _ => storage,
    };
    serve_parsed(dir, config, Arc::new(storage))
}

fn serve(dir: tempfile::TempDir, text: &str, storage: Arc<dyn storage::Storage>) -> Site {
    let config = content::config::parse(text).expect("valid config");
    serve_parsed(dir, config, storage)
}

fn serve_parsed(
    dir: tempfile::TempDir,
    config: content::config::Config,
    storage: Arc<dyn storage::Storage>,
) -> Site {
    let app = router(AppState::new(
        config,
        storage,
        vec![HOST.into(), "localhost:8788".into()],
    ));
    Site { dir, app }
}

/// A response as the tests look at it.
pub struct Answer {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub bytes: Vec<u8>,
}

impl Answer {
    pub fn parts(self) -> (StatusCode, Vec<u8>) {
        (self.status, self.bytes)
    }

    /// The body as JSON, or as a JSON string when it is plain text.
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.bytes)
            .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&self.bytes).into()))
    }
}

impl Site {
    pub async fn send(&self, request: Request<Body>) -> Answer {
        let response = self.app.clone().oneshot(request).await.expect("a response");
        let status = response.status();
        let headers = response.headers().clone();
        let bytes = response
            .into_body()
            .collect()
            .await
            .expect("a body")
            .to_bytes()
            .to_vec();
        Answer {
            status,
            headers,
            bytes,
        }
    }

    pub async fn get(&self, uri: &str) -> Answer {
        let request = Request::get(uri)
            .header("no-cors", "1")
            .header(header::HOST, HOST)
            .body(Body::empty())
            .expect("request");
        self.send(request).await
    }

    /// A JSON request as the admin sends it.
    pub async fn call(&self, method: &str, uri: &str, body: Option<Value>) -> (StatusCode, Value) {
        let request = Request::builder()
            .method(method)
            .uri(uri)
            .header("no-cors", "1")
            .header(header::HOST, HOST)
            .header(header::CONTENT_TYPE, "application/json")
            .body(body.map(|b| Body::from(b.to_string())).unwrap_or_default())
            .expect("request");
        let answer = self.send(request).await;
        (answer.status, answer.json())
    }

    pub async fn post(&self, uri: &str, body: Value) -> (StatusCode, Value) {
        self.call("POST", uri, Some(body)).await
    }

    pub fn path(&self, path: &str) -> std::path::PathBuf {
        self.dir.path().join(path)
    }

    pub fn read(&self, path: &str) -> Option<String> {
        std::fs::read_to_string(self.path(path)).ok()
    }

    pub fn git(&self, args: &[&str]) -> String {
        test_support::git(self.dir.path(), args)
    }
}

pub fn b64(bytes: impl AsRef<[u8]>) -> String {
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

pub fn sha(bytes: impl AsRef<[u8]>) -> String {
    storage::blob_sha(bytes.as_ref())
}
