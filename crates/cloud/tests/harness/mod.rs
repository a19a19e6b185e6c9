//! A cloud over a fresh database, driven through its real router without a socket; and throwaway
//! PostgreSQL servers (Debian's `postgresql`, which `scripts/check.sh` installs) for the same tests.

#![allow(dead_code, unused_macros)]

/// A test per scenario on SQLite, and one that runs them all on a PostgreSQL server, each on a
/// fresh database. The scenarios are `async fn(&Harness)` in the calling file's root.
macro_rules! on_both_databases {
    ($($scenario:ident),* $(,)?) => {
        $(
            #[tokio::test]
            async fn $scenario() {
                super::$scenario(&Harness::sqlite().await).await;
            }
        )*

        /// The same scenarios, each on a fresh database of one PostgreSQL server.
        #[tokio::test(flavor = "multi_thread")]
        async fn every_scenario_passes_on_postgresql() {
            let server = Postgres::start();
            $(
                let url = server.database(stringify!($scenario)).await;
                super::$scenario(&Harness::open(url, None).await).await;
            )*
        }
    };
}

pub mod oauth;
pub mod s3;
pub mod smtp;

use std::path::PathBuf;
use std::process::Command;

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

/// A domain name, as passkeys need (WebAuthn takes no IP address as its relying party).
pub const ORIGIN: &str = "http://localhost:7999";
pub const ADMIN: &str = "http://127.0.0.1:8788";
pub const PASSWORD: &str = "a long and rare phrase";

/// A `width` × `height` PNG, its left half red and its right half blue.
pub fn picture(width: u32, height: u32) -> Vec<u8> {
    let image = image::RgbImage::from_fn(width, height, |x, _| {
        if x < width / 2 {
            image::Rgb([220, 20, 20])
        } else {
            image::Rgb([20, 20, 220])
        }
    });
    let mut png = Vec::new();
    image
        .write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
        .unwrap();
    png
}

pub struct Harness {
    pub cloud: cloud::Cloud,
    pub router: axum::Router,
    /// The database's address, for a test that ages codes and tokens.
    pub url: String,
    /// Where the cloud's pages are (the `Origin` of their calls).
    pub origin: String,
    _dir: Option<tempfile::TempDir>,
}

pub struct Answer {
    pub status: StatusCode,
    pub headers: axum::http::HeaderMap,
    pub body: String,
    pub bytes: Vec<u8>,
}

impl Answer {
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|_| panic!("JSON: {}", self.body))
    }

    pub fn location(&self) -> String {
        self.headers[header::LOCATION].to_str().unwrap().to_string()
    }

    /// The session cookie it sets, as a `Cookie` header value.
    pub fn cookie(&self) -> String {
        let set = self.headers[header::SET_COOKIE].to_str().unwrap();
        set.split(';').next().unwrap().to_string()
    }
}

impl Harness {
    pub async fn sqlite() -> Harness {
        let dir = tempfile::tempdir().unwrap();
        let url = cloud::Db::sqlite_url(dir.path());
        Harness::open(url, Some(dir)).await
    }

    pub async fn open(url: String, dir: Option<tempfile::TempDir>) -> Harness {
        Harness::open_at(url, dir, ORIGIN).await
    }

    /// A cloud on SQLite reached at `origin` rather than [`ORIGIN`].
    pub async fn sqlite_at(origin: &str) -> Harness {
        let dir = tempfile::tempdir().unwrap();
        let url = cloud::Db::sqlite_url(dir.path());
        Harness::open_at(url, Some(dir), origin).await
    }

    /// A cloud on SQLite that emails through the SMTP server at `smtp_url`.
    pub async fn sqlite_mailing(smtp_url: &str) -> Harness {
        let mut h = Harness::sqlite().await;
        let mailer = cloud::mail::Mailer::new(smtp_url, "Quire Cloud <cloud@example.com>").unwrap();
        h.cloud = h.cloud.with_mailer(mailer);
        h.router = cloud::router(h.cloud.clone());
        h
    }

    async fn open_at(url: String, dir: Option<tempfile::TempDir>, origin: &str) -> Harness {
        let db = cloud::Db::open(&url).await.expect("the database opens");
        let cloud = cloud::Cloud::new(db, url::Url::parse(origin).unwrap());
        Harness {
            router: cloud::router(cloud.clone()),
            cloud,
            url,
            origin: origin.to_string(),
            _dir: dir,
        }
    }

    /// Another instance of the same cloud: the same database and origin, its own router and
    /// memory, its images in `images`.
    pub fn another_instance(&self, images: cloud::image_store::Images) -> Harness {
        let cloud = cloud::Cloud::new(self.db().clone(), url::Url::parse(&self.origin).unwrap())
            .with_images(images);
        Harness {
            router: cloud::router(cloud.clone()),
            cloud,
            url: self.url.clone(),
            origin: self.origin.clone(),
            _dir: None,
        }
    }

    pub fn db(&self) -> &cloud::Db {
        self.cloud.db()
    }

    pub async fn send(&self, request: Request<Body>) -> Answer {
        let response = self.router.clone().oneshot(request).await.unwrap();
        let status = response.status();
        let headers = response.headers().clone();
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        Answer {
            status,
            headers,
            body: String::from_utf8_lossy(&bytes).into_owned(),
            bytes: bytes.to_vec(),
        }
    }

    pub async fn get(&self, uri: &str, cookie: Option<&str>) -> Answer {
        let mut request = Request::get(uri);
        if let Some(cookie) = cookie {
            request = request.header(header::COOKIE, cookie);
        }
        self.send(request.body(Body::empty()).unwrap()).await
    }

    /// A JSON call of the cloud's own pages.
    pub async fn api(&self, method: &str, uri: &str, cookie: Option<&str>, body: Value) -> Answer {
        let mut request = Request::builder()
            .method(method)
            .uri(uri)
            .header(header::ORIGIN, &self.origin)
            .header(header::USER_AGENT, "Harness/1.0")
            .header(header::CONTENT_TYPE, "application/json");
        if let Some(cookie) = cookie {
            request = request.header(header::COOKIE, cookie);
        }
        self.send(request.body(Body::from(body.to_string())).unwrap())
            .await
    }

    /// Uploads `bytes` as the picture of `cookie`'s person.
    pub async fn upload_avatar(&self, cookie: &str, bytes: Vec<u8>) -> Answer {
        let request = Request::put("/api/account/avatar")
            .header(header::ORIGIN, &self.origin)
            .header(header::COOKIE, cookie)
            .header(header::CONTENT_TYPE, "image/png")
            .body(Body::from(bytes))
            .unwrap();
        self.send(request).await
    }

    pub async fn form(&self, uri: &str, pairs: &[(&str, &str)]) -> Answer {
        let body = url::form_urlencoded::Serializer::new(String::new())
            .extend_pairs(pairs)
            .finish();
        let request = Request::post(uri)
            .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
            .body(Body::from(body))
            .unwrap();
        self.send(request).await
    }

    pub async fn bearer(&self, uri: &str, token: &str) -> Answer {
        let request = Request::get(uri)
            .header(header::AUTHORIZATION, format!("Bearer {token}"))
            .header("x-keystatic-version", "0.5.48")
            .body(Body::empty())
            .unwrap();
        self.send(request).await
    }

    /// The owner's session cookie, after setting the cloud up with team `acme` and project
    /// `acme/site`, which the admin at [`ADMIN`] may sign in to.
    pub async fn set_up(&self) -> String {
        let h = self;
        let token = cloud::setup::link(h.db())
            .await
            .unwrap()
            .expect("a link while no one has an account");
        let answer = h
            .api("POST", "/api/setup", None, json!({
                "token": token, "email": "Owner@Example.com", "name": "Olive Owner", "password": PASSWORD,
                "teamSlug": "acme", "teamName": "Acme",
            }))
            .await;
        assert_eq!(answer.status, 200, "{}", answer.body);
        assert_eq!(answer.json()["user"]["email"], "owner@example.com");
        cloud::admin::create_project(h.db(), "acme/site", "Site", &[ADMIN.to_string()])
            .await
            .unwrap();
        answer.cookie()
    }

    /// Makes an account for `email` with [`PASSWORD`] and gives it `role` in acme.
    pub async fn add_person(&self, email: &str, name: &str, role: &str) {
        cloud::admin::create_user(self.db(), email, name, PASSWORD)
            .await
            .unwrap();
        cloud::admin::add_member(self.db(), "acme", email, role)
            .await
            .unwrap();
    }

    /// The session cookie of `email`, signed in with [`PASSWORD`].
    pub async fn sign_in(&self, email: &str) -> String {
        let answer = self
            .api(
                "POST",
                "/api/session",
                None,
                json!({ "email": email, "password": PASSWORD }),
            )
            .await;
        assert_eq!(answer.status, 200, "{email} signs in: {}", answer.body);
        answer.cookie()
    }

    /// Asserts that acme's audit log, as `owner` reads it, has an event saying `detail`.
    pub async fn assert_logged(&self, owner: &str, detail: &str) {
        let log = self.get("/api/teams/acme/audit", Some(owner)).await.json();
        let events = log["events"].as_array().unwrap();
        assert!(
            events.iter().any(|e| e["detail"] == detail),
            "{detail} in {log}"
        );
    }

    /// Runs SQL against the database directly (to age a code or a token).
    pub async fn sql(&self, statement: &str) {
        sqlx::any::install_default_drivers();
        let pool = sqlx::AnyPool::connect(&self.url).await.unwrap();
        sqlx::query(sqlx::AssertSqlSafe(statement.to_string()))
            .execute(&pool)
            .await
            .unwrap();
        pool.close().await;
    }
}

/// A PostgreSQL server of its own on a free loopback port, stopped when dropped.
pub struct Postgres {
    dir: PathBuf,
    port: u16,
    bin: PathBuf,
}

impl Postgres {
    pub fn start() -> Postgres {
        let bin = PathBuf::from("/usr/lib/postgresql/15/bin");
        assert!(
            bin.join("pg_ctl").exists(),
            "PostgreSQL 15 is installed (scripts/check.sh installs Debian's postgresql)"
        );
        let dir = std::env::temp_dir().join(format!(
            "quire-cloud-pg-{}-{}",
            std::process::id(),
            rand_suffix()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let as_postgres = |args: &[&str]| {
            // PostgreSQL refuses to run as root: run it as the `postgres` user when we are root.
            let root = Command::new("id")
                .arg("-u")
                .output()
                .map(|o| o.stdout == b"0\n")
                .unwrap_or(false);
            let mut command = if root {
                let mut c = Command::new("runuser");
                c.args(["-u", "postgres", "--"]).arg(bin.join(args[0]));
                c
            } else {
                Command::new(bin.join(args[0]))
            };
            let output = command
                .args(&args[1..])
                .output()
                .expect("PostgreSQL's tools run");
            assert!(
                output.status.success(),
                "{:?}: {}",
                args,
                String::from_utf8_lossy(&output.stderr)
            );
        };
        Command::new("chown")
            .args(["postgres", dir.to_str().unwrap()])
            .status()
            .ok();
        let data = dir.join("db");
        as_postgres(&[
            "initdb",
            "-D",
            data.to_str().unwrap(),
            "-A",
            "trust",
            "-U",
            "quire",
        ]);
        let options = format!(
            "-p {port} -k {} -c listen_addresses=127.0.0.1 -c fsync=off",
            dir.display()
        );
        as_postgres(&[
            "pg_ctl",
            "-D",
            data.to_str().unwrap(),
            "-o",
            &options,
            "-l",
            dir.join("log").to_str().unwrap(),
            "-w",
            "start",
        ]);
        Postgres { dir, port, bin }
    }

    /// A fresh, empty database on this server.
    pub async fn database(&self, name: &str) -> String {
        sqlx::any::install_default_drivers();
        let admin = format!("postgres://quire@127.0.0.1:{}/postgres", self.port);
        let pool = sqlx::AnyPool::connect(&admin).await.unwrap();
        sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
            .execute(&pool)
            .await
            .unwrap();
        pool.close().await;
        format!("postgres://quire@127.0.0.1:{}/{name}", self.port)
    }
}

impl Drop for Postgres {
    fn drop(&mut self) {
        let data = self.dir.join("db");
        let root = Command::new("id")
            .arg("-u")
            .output()
            .map(|o| o.stdout == b"0\n")
            .unwrap_or(false);
        let mut command = if root {
            let mut c = Command::new("runuser");
            c.args(["-u", "postgres", "--"])
                .arg(self.bin.join("pg_ctl"));
            c
        } else {
            Command::new(self.bin.join("pg_ctl"))
        };
        command
            .args(["-D", data.to_str().unwrap(), "-m", "immediate", "stop"])
            .output()
            .ok();
        std::fs::remove_dir_all(&self.dir).ok();
    }
}

fn rand_suffix() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .subsec_nanos() as u64
}
