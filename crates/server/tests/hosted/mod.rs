//! A team's server as it runs on the internet: the example blog on (the GitHub stand-in of) GitHub,
//! people signed in with sealed cookies, served on a real socket; and plain HTTP/1.1 requests
//! written by hand, as an attacker writes them (slow bodies, foreign origins).

#![allow(dead_code)] // Each test file uses its own part.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::sync::Arc;
use std::time::Duration;

use server::{AppState, CollabSettings, Sealer, SignIn};
use storage_github::{Endpoints, Github, Repository};
use test_support::github_standin::{Permission, Standin, StandinOptions};

pub const SECRET: &str = "a secret of at least thirty-two characters!";
const CLIENT_ID: &str = "Iv1.quire";
const CLIENT_SECRET: &str = "app-secret";

pub struct Hosted {
    pub standin: Standin,
    /// `127.0.0.1:PORT`.
    pub address: String,
    pub state: AppState,
    sealer: Sealer,
    _dir: tempfile::TempDir,
}

/// The example blog on the stand-in as `acme/blog`, with `octo` (who may write) signed in as the
/// browser's GitHub user, served with `settings`; `extra` adds posts (`(slug, title)`).
pub async fn start(settings: CollabSettings, extra: &[(String, String)]) -> Hosted {
    let dir = test_support::copy_site("examples/blog");
    let config = std::fs::read_to_string(dir.path().join("quire.yaml")).expect("config");
    assert!(config.contains("storage:\n  kind: local\n"));
    let config = config.replace(
        "storage:\n  kind: local\n",
        "storage:\n  kind: github\n  repo: acme/blog\n",
    );
    std::fs::write(dir.path().join("quire.yaml"), &config).expect("config written");
    for (slug, title) in extra {
        std::fs::write(
            dir.path().join(format!("content/posts/{slug}.mdoc")),
            format!("---\ntitle: {title}\npublishedDate: 2024-01-01\n---\nA post.\n"),
        )
        .expect("post written");
    }
    let git = |args: &[&str]| test_support::git(dir.path(), args);
    git(&["init", "-q", "-b", "main"]);
    git(&["add", "-A"]);
    git(&["commit", "-q", "-m", "Initial content"]);
    let standin = Standin::spawn(StandinOptions {
        repo: dir.path().to_path_buf(),
        owner: "acme".into(),
        name: "blog".into(),
        client_id: CLIENT_ID.into(),
        client_secret: CLIENT_SECRET.into(),
    });
    standin.add_user("octo", "Octo Cat", Permission::Write);
    let github = Github::new(
        Endpoints {
            web: standin.url().to_string(),
            api: standin.api_url(),
        },
        CLIENT_ID.into(),
        CLIENT_SECRET.into(),
        Repository {
            owner: "acme".into(),
            name: "blog".into(),
            path_prefix: None,
        },
    );
    let sealer = Sealer::new(SECRET).expect("a long secret");
    let sign_in = SignIn::new(Arc::new(github), sealer.clone(), None);
    let config = content::config::parse(&config).expect("valid config");
    let state =
        AppState::signed_in(config, sign_in, vec!["127.0.0.1".into()]).with_collab(settings);
    let address = crate::peer::listen(state.clone()).await;
    Hosted {
        standin,
        address,
        state,
        sealer,
        _dir: dir,
    }
}

impl Hosted {
    /// Adds `login` with `permission` on the repository.
    pub fn person(&self, login: &str, permission: Permission) {
        self.standin.add_user(login, login, permission);
    }

    /// The `Cookie` header of `login` signed in (their access token sealed, as sign-in leaves it).
    pub fn cookie(&self, login: &str) -> String {
        let token = self.standin.access_token_for(login);
        format!(
            "keystatic-gh-access-token={}",
            self.sealer.seal("keystatic-gh-access-token", &token)
        )
    }

    /// `GET path` as `login`'s admin asks (JSON answers).
    pub fn get(&self, path: &str, login: &str) -> Answer {
        let cookie = format!("Cookie: {}", self.cookie(login));
        request(&self.address, "GET", path, &[&cookie, "no-cors: 1"], "")
    }

    /// `POST path` with a JSON `body`, as `login`'s admin sends it.
    pub fn post(&self, path: &str, login: &str, body: &serde_json::Value) -> Answer {
        let cookie = format!("Cookie: {}", self.cookie(login));
        request(
            &self.address,
            "POST",
            path,
            &[&cookie, "no-cors: 1", "Content-Type: application/json"],
            &body.to_string(),
        )
    }

    /// A save of the site's settings with a new title, as `login` makes it.
    pub fn save_settings(&self, login: &str, title: &str) -> Answer {
        let files = self.get("/api/keystatic/v1/singletons/settings", login);
        assert_eq!(files.status, 200, "{}", files.body);
        let files = files.json();
        let head = files["head"].clone();
        let file = files["files"]
            .as_array()
            .and_then(|files| files.iter().find(|f| f["path"] == "content/settings.yaml"))
            .expect("the settings file")
            .clone();
        let text = file["text"].as_str().expect("its text");
        let changed = text.replace("The Quire Journal", title);
        use base64::Engine;
        let body = serde_json::json!({
            "branch": "main",
            "additions": [{
                "path": "content/settings.yaml",
                "contents": base64::engine::general_purpose::STANDARD.encode(changed),
            }],
            "deletions": [],
            "expected": { "content/settings.yaml": file["sha"] },
            "expectedHead": head,
        });
        self.post("/api/keystatic/v1/commit", login, &body)
    }
}

/// An HTTP answer.
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub head: String,
    pub body: String,
}

impl Answer {
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap_or_else(|_| panic!("JSON: {}", self.body))
    }

    /// The values of the header `name` (any case).
    pub fn headers(&self, name: &str) -> Vec<String> {
        self.head
            .lines()
            .filter_map(|line| line.split_once(':'))
            .filter(|(key, _)| key.trim().eq_ignore_ascii_case(name))
            .map(|(_, value)| value.trim().to_string())
            .collect()
    }
}

/// One request over its own connection (`Host` and `Content-Length` added), answered whole.
pub fn request(address: &str, method: &str, path: &str, headers: &[&str], body: &str) -> Answer {
    let mut stream = TcpStream::connect(address).expect("the server listens");
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .expect("a timeout");
    let mut text = format!("{method} {path} HTTP/1.1\r\nHost: {address}\r\n");
    for header in headers {
        text += &format!("{header}\r\n");
    }
    text += &format!(
        "Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(text.as_bytes()).expect("sent");
    read_answer(&mut stream)
}

/// Reads a whole answer (the connection closes after it).
pub fn read_answer(stream: &mut TcpStream) -> Answer {
    let mut bytes = Vec::new();
    let _ = stream.read_to_end(&mut bytes);
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|code| code.parse().ok())
        .unwrap_or_default();
    let body = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        unchunk(body)
    } else {
        body.to_string()
    };
    Answer {
        status,
        head: head.to_string(),
        body,
    }
}

fn unchunk(mut text: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = text.split_once("\r\n") {
        let Ok(size) = usize::from_str_radix(size.trim(), 16) else {
            break;
        };
        if size == 0 || rest.len() < size {
            break;
        }
        out.push_str(&rest[..size]);
        text = rest[size..].trim_start_matches("\r\n");
    }
    out
}
