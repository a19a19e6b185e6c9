//! A fake sign-in provider (tokens are plain strings the tests can look for) in front of an
//! in-memory site, served by `router(state)` without a socket, and a browser's cookie jar.

#![allow(dead_code)] // Each test uses its own part.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use axum::body::Body;
use axum::http::{HeaderMap, Request, StatusCode, header};
use http_body_util::BodyExt;
use server::{AppState, Sealer, SignIn, router};
use storage::{Accounts, AuthError, Error, MemoryStorage, Storage, Tokens, User};
use tower::ServiceExt;

pub const HOST: &str = "127.0.0.1:8788";
pub const SECRET: &str = "a secret of at least thirty-two characters!";

/// A provider that signs in one person; tokens are plain strings the tests can look for.
#[derive(Default)]
pub struct Provider {
    /// valid access token → login
    pub access: Mutex<HashMap<String, String>>,
    /// valid refresh token → login
    pub refresh: Mutex<HashMap<String, String>>,
    pub revoked: Mutex<Vec<String>>,
    /// `org/team` → members
    pub teams: HashMap<String, Vec<String>>,
    pub issued: Mutex<u32>,
    pub files: Arc<MemoryStorage>,
}

impl Provider {
    fn issue(&self, login: &str) -> Tokens {
        let mut issued = self.issued.lock().unwrap();
        *issued += 1;
        let tokens = Tokens {
            access: format!("ghu_SECRET{issued}"),
            expires_in: Some(28800),
            refresh: Some(format!("ghr_SECRET{issued}")),
            refresh_expires_in: Some(15897600),
        };
        self.access
            .lock()
            .unwrap()
            .insert(tokens.access.clone(), login.into());
        self.refresh
            .lock()
            .unwrap()
            .insert(tokens.refresh.clone().unwrap(), login.into());
        tokens
    }
}

/// The storage of a token the provider no longer takes.
pub struct Refused;

impl Storage for Refused {
    fn tree(&self, _: Option<&str>) -> Result<storage::Tree, Error> {
        Err(Error::Unauthorized)
    }
    fn read(&self, _: Option<&str>, _: &str) -> Result<Option<Vec<u8>>, Error> {
        Err(Error::Unauthorized)
    }
    fn commit(&self, _: Option<&str>, _: &storage::ChangeSet) -> Result<storage::Committed, Error> {
        Err(Error::Unauthorized)
    }
    fn head(&self, _: Option<&str>) -> Result<Option<String>, Error> {
        Err(Error::Unauthorized)
    }
}

impl Accounts for Provider {
    fn authorize_url(&self, redirect_uri: &str, state: &str, challenge: &str) -> String {
        format!(
            "https://github.example/authorize?redirect_uri={redirect_uri}&state={state}&code_challenge={challenge}"
        )
    }
    fn exchange_code(
        &self,
        code: &str,
        _redirect_uri: &str,
        _code_verifier: &str,
    ) -> Result<Tokens, AuthError> {
        match code {
            "good-code" => Ok(self.issue("octo")),
            _ => Err(AuthError::Refused(
                "The code passed is incorrect or expired.".into(),
            )),
        }
    }
    fn refresh(&self, refresh_token: &str) -> Result<Tokens, AuthError> {
        let login = self.refresh.lock().unwrap().remove(refresh_token);
        match login {
            Some(login) => Ok(self.issue(&login)),
            None => Err(AuthError::Refused("bad refresh token".into())),
        }
    }
    fn revoke(&self, access_token: &str) -> Result<(), AuthError> {
        self.access.lock().unwrap().remove(access_token);
        self.revoked.lock().unwrap().push(access_token.into());
        Ok(())
    }
    fn user(&self, access_token: &str) -> Result<User, Error> {
        let login = self.access.lock().unwrap().get(access_token).cloned();
        let login = login.ok_or(Error::Unauthorized)?;
        Ok(User {
            name: Some("Octo Cat".into()),
            avatar_url: None,
            profile_url: format!("https://github.example/{login}"),
            login,
        })
    }
    fn in_team(&self, _token: &str, org: &str, team: &str, login: &str) -> Result<bool, Error> {
        if org == "unreadable" {
            return Err(Error::Forbidden(
                "Resource not accessible by integration".into(),
            ));
        }
        Ok(self
            .teams
            .get(&format!("{org}/{team}"))
            .is_some_and(|members| members.iter().any(|m| m == login)))
    }
    fn storage(&self, access_token: &str) -> Arc<dyn Storage> {
        if self.access.lock().unwrap().contains_key(access_token) {
            self.files.clone()
        } else {
            Arc::new(Refused)
        }
    }
}

pub struct Server {
    pub app: axum::Router,
    pub provider: Arc<Provider>,
    /// The browser's cookie jar.
    pub jar: Mutex<HashMap<String, String>>,
}

pub struct Answer {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: String,
}

pub fn server(public_url: Option<&str>) -> Server {
    allowing(public_url, &[], HashMap::new())
}

/// A server that lets in only `allow` (logins and `org/team` names), with `teams`' members.
pub fn allowing(
    public_url: Option<&str>,
    allow: &[&str],
    teams: HashMap<String, Vec<String>>,
) -> Server {
    let config = content::config::parse(
        "storage: { kind: github, repo: acme/site }\ncollections:\n  posts:\n    path: posts/*\n    slugField: title\n    schema:\n      title: { kind: slug, label: Title }\n",
    )
    .expect("config");
    let provider = Arc::new(Provider {
        files: Arc::new(MemoryStorage::new([(
            "posts/hello.yaml".to_string(),
            b"title: Hello\n".to_vec(),
        )])),
        teams,
        ..Provider::default()
    });
    let mut sign_in = SignIn::new(
        provider.clone(),
        Sealer::new(SECRET).expect("long enough"),
        public_url.map(String::from),
    );
    sign_in.allow = allow.iter().map(|s| s.to_string()).collect();
    let mut hosts = vec![HOST.to_string()];
    hosts.push("cms.example.com".into());
    Server {
        app: router(AppState::signed_in(config, sign_in, hosts)),
        provider,
        jar: Mutex::default(),
    }
}

impl Server {
    pub async fn send(&self, method: &str, uri: &str, api: bool) -> Answer {
        match api {
            true => {
                self.send_body(method, uri, Some("application/json"), b"{}".to_vec())
                    .await
            }
            false => self.send_body(method, uri, None, Vec::new()).await,
        }
    }

    /// A request with a body of `content_type` (an API request, with `no-cors`), or without
    /// either (a browser's navigation).
    pub async fn send_body(
        &self,
        method: &str,
        uri: &str,
        content_type: Option<&str>,
        body: Vec<u8>,
    ) -> Answer {
        let cookies: Vec<String> = self
            .jar
            .lock()
            .unwrap()
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        let mut request = Request::builder()
            .method(method)
            .uri(uri)
            .header(header::HOST, HOST);
        if let Some(content_type) = content_type {
            request = request
                .header("no-cors", "1")
                .header(header::CONTENT_TYPE, content_type);
        }
        if !cookies.is_empty() {
            request = request.header(header::COOKIE, cookies.join("; "));
        }
        let response = self
            .app
            .clone()
            .oneshot(request.body(Body::from(body)).unwrap())
            .await
            .expect("a response");
        let status = response.status();
        let headers = response.headers().clone();
        for value in headers.get_all(header::SET_COOKIE) {
            let text = value.to_str().unwrap();
            let (pair, _) = text.split_once(';').unwrap_or((text, ""));
            let (name, value) = pair.split_once('=').unwrap();
            let mut jar = self.jar.lock().unwrap();
            if text.contains("Max-Age=0") {
                jar.remove(name);
            } else {
                jar.insert(name.into(), value.into());
            }
        }
        let body = String::from_utf8(
            response
                .into_body()
                .collect()
                .await
                .unwrap()
                .to_bytes()
                .to_vec(),
        )
        .unwrap();
        Answer {
            status,
            headers,
            body,
        }
    }

    /// Leaves for the provider and comes back with `code`; the state GitHub would echo.
    pub async fn sign_in(&self, code: &str, from: &str) -> Answer {
        let login = self
            .send(
                "GET",
                &format!("/api/keystatic/github/login?from={from}"),
                false,
            )
            .await;
        assert_eq!(login.status, StatusCode::TEMPORARY_REDIRECT);
        let to = location(&login);
        let state = to.split("state=").nth(1).expect("a state").to_string();
        self.send(
            "GET",
            &format!("/api/keystatic/github/oauth/callback?code={code}&state={state}"),
            false,
        )
        .await
    }
}

pub fn location(answer: &Answer) -> String {
    answer.headers[header::LOCATION]
        .to_str()
        .unwrap()
        .to_string()
}

pub fn set_cookies(answer: &Answer) -> Vec<String> {
    answer
        .headers
        .get_all(header::SET_COOKIE)
        .iter()
        .map(|v| v.to_str().unwrap().to_string())
        .collect()
}

/// Signed in, then the access cookie replaced by one this server cannot open.
pub async fn server_with_foreign_cookie() -> Server {
    let server = server(None);
    server.sign_in("good-code", "").await;
    server.jar.lock().unwrap().insert(
        "keystatic-gh-access-token".into(),
        "a-token-of-another-admin".into(),
    );
    server
}

/// A cloud beside GitHub's sign-in, for its images: one person (`cloud-code`), whose uploads it
/// keeps with the token they came with.
#[derive(Default)]
pub struct CloudBeside {
    pub access: Mutex<Vec<String>>,
    pub revoked: Mutex<Vec<String>>,
    /// (token, file name) of each upload.
    pub uploads: Mutex<Vec<(String, String)>>,
}

impl Accounts for CloudBeside {
    fn provider(&self) -> storage::Provider {
        storage::Provider::Cloud
    }
    fn provider_url(&self) -> Option<String> {
        Some("https://cloud.example".into())
    }
    fn authorize_url(&self, redirect_uri: &str, state: &str, challenge: &str) -> String {
        format!(
            "https://cloud.example/oauth/authorize?redirect_uri={redirect_uri}&state={state}&code_challenge={challenge}"
        )
    }
    fn exchange_code(&self, code: &str, _: &str, _: &str) -> Result<Tokens, AuthError> {
        if code != "cloud-code" {
            return Err(AuthError::Refused("Bad response: 400 Bad Request".into()));
        }
        let token = "cloud_SECRET1".to_string();
        self.access.lock().unwrap().push(token.clone());
        Ok(Tokens {
            access: token,
            expires_in: Some(3600),
            refresh: Some("cloud_refresh_SECRET1".into()),
            refresh_expires_in: None,
        })
    }
    fn refresh(&self, _: &str) -> Result<Tokens, AuthError> {
        Err(AuthError::Refused("no renewals here".into()))
    }
    fn revoke(&self, access_token: &str) -> Result<(), AuthError> {
        self.access.lock().unwrap().retain(|t| t != access_token);
        self.revoked.lock().unwrap().push(access_token.into());
        Ok(())
    }
    fn user(&self, _: &str) -> Result<User, Error> {
        Ok(User {
            login: "eddie@example.com".into(),
            name: Some("Eddie Editor".into()),
            avatar_url: None,
            profile_url: "https://cloud.example/account".into(),
        })
    }
    fn in_team(&self, _: &str, _: &str, _: &str, _: &str) -> Result<bool, Error> {
        Ok(true)
    }
    fn storage(&self, _: &str) -> Arc<dyn Storage> {
        Arc::new(Refused)
    }
    fn cloud_session(&self, access_token: &str) -> Result<Option<storage::CloudSession>, Error> {
        if !self
            .access
            .lock()
            .unwrap()
            .iter()
            .any(|t| t == access_token)
        {
            return Err(Error::Unauthorized);
        }
        Ok(Some(storage::CloudSession {
            url: "https://cloud.example".into(),
            project: "acme/blog".into(),
            team: "Acme".into(),
            images: true,
            multiplayer: false,
            read_only: false,
        }))
    }
    fn upload_image(
        &self,
        access_token: &str,
        name: &str,
        _bytes: &[u8],
    ) -> Result<storage::Relayed, Error> {
        self.uploads
            .lock()
            .unwrap()
            .push((access_token.into(), name.into()));
        Ok(storage::Relayed {
            status: 200,
            content_type: Some("application/json".into()),
            body:
                br#"{"src":"https://cloud.example/images/acme/blog/1/a.png","width":1,"height":1}"#
                    .to_vec(),
        })
    }
}

/// A GitHub site with a cloud project: people sign in with GitHub, and may sign in to the cloud
/// beside it.
pub fn with_cloud_beside() -> (Server, Arc<CloudBeside>) {
    let mut server = server(None);
    let config = content::config::parse(
        "storage: { kind: github, repo: acme/site }\ncloud: { project: acme/blog, url: https://cloud.example }\ncollections:\n  posts:\n    path: posts/*\n    slugField: title\n    schema:\n      title: { kind: slug, label: Title }\n",
    )
    .expect("config");
    let cloud = Arc::new(CloudBeside::default());
    let github = SignIn::new(
        server.provider.clone(),
        Sealer::new(SECRET).expect("long enough"),
        None,
    );
    let beside = SignIn::new(
        cloud.clone(),
        Sealer::new(SECRET).expect("long enough"),
        None,
    );
    let state =
        AppState::signed_in(config, github, vec![HOST.to_string()]).with_cloud_beside(beside);
    server.app = router(state);
    (server, cloud)
}
