//! The cloud's GitHub App: how it proves itself to GitHub (a JWT signed with its private key), the
//! installation that covers a project's repository, and installation tokens **restricted to that
//! one repository** and to what an admin needs (contents write, pull requests and metadata read),
//! so that a GraphQL document passed through cannot reach another repository of the installation.
//! Tokens are kept until five minutes before they expire; any instance makes its own.
//!
//! Calls are blocking (ureq); the routes run them off the async workers.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Duration;

use serde_json::{Value, json};

use crate::db::{Db, now};
use crate::error::Error;

/// Where GitHub is and which app the cloud is; read from the environment by `quire cloud`.
#[derive(Debug, Clone)]
pub struct GithubAppConfig {
    /// The app's id, as GitHub numbers it.
    pub id: u64,
    /// The app's private key, PEM, as GitHub hands it out.
    pub private_key_pem: String,
    /// The app's slug, for the install link (`https://github.com/apps/{slug}/installations/new`).
    pub slug: Option<String>,
    /// `https://github.com` (or a GitHub Enterprise Server).
    pub web_url: String,
    /// `https://api.github.com` (or a GitHub Enterprise Server's `/api/v3`).
    pub api_url: String,
}

/// What a person's request may do in the repository: the permissions asked for each token.
const PERMISSIONS: &str = r#"{"contents":"write","metadata":"read","pull_requests":"read"}"#;
/// Blobs may be images.
const BODY_LIMIT: u64 = 64 * 1024 * 1024;

pub struct GithubApp {
    config: GithubAppConfig,
    key: jsonwebtoken::EncodingKey,
    agent: ureq::Agent,
    /// Repository → an installation token for it alone and when it expires (Unix seconds).
    tokens: Mutex<HashMap<String, (String, i64)>>,
}

/// An answer of GitHub's passed on as it came: status, content type and bytes.
pub struct Passed {
    pub status: u16,
    pub content_type: Option<String>,
    pub body: Vec<u8>,
}

impl GithubApp {
    /// The app of `config`; refused when its key is not an RSA private key in PEM.
    pub fn new(config: GithubAppConfig) -> Result<GithubApp, String> {
        let key = jsonwebtoken::EncodingKey::from_rsa_pem(config.private_key_pem.as_bytes())
            .map_err(|err| {
                format!("the GitHub App's private key is not an RSA key in PEM: {err}")
            })?;
        let agent = ureq::Agent::config_builder()
            .timeout_global(Some(Duration::from_secs(60)))
            .http_status_as_error(false)
            .user_agent("quire-cloud")
            .build()
            .into();
        Ok(GithubApp {
            config,
            key,
            agent,
            tokens: Mutex::new(HashMap::new()),
        })
    }

    /// Where this app's GitHub is.
    pub fn endpoints(&self) -> storage_github::Endpoints {
        storage_github::Endpoints {
            web: self.config.web_url.trim_end_matches('/').to_string(),
            api: self.config.api_url.trim_end_matches('/').to_string(),
        }
    }

    /// GitHub's name of the app, when known.
    pub fn slug(&self) -> Option<&str> {
        self.config.slug.as_deref()
    }

    /// Where an admin installs the app on a repository; none when the app's slug is not known.
    pub fn install_url(&self) -> Option<String> {
        let slug = self.config.slug.as_deref()?;
        let web = self.config.web_url.trim_end_matches('/');
        Some(format!("{web}/apps/{slug}/installations/new"))
    }

    /// The app's own credential: ten minutes at most, as GitHub takes them, from a minute ago
    /// (clocks drift).
    fn jwt(&self) -> Result<String, Error> {
        let now = now();
        let claims = json!({ "iat": now - 60, "exp": now + 540, "iss": self.config.id });
        let header = jsonwebtoken::Header::new(jsonwebtoken::Algorithm::RS256);
        jsonwebtoken::encode(&header, &claims, &self.key)
            .map_err(|err| Error::Unavailable(format!("signing the GitHub App's JWT: {err}")))
    }

    fn api(&self, path: &str) -> String {
        format!("{}{path}", self.config.api_url.trim_end_matches('/'))
    }

    /// The installation of the app that covers `repository`; none when the app is not installed
    /// on it (or the repository does not exist).
    pub fn installation(&self, repository: &str) -> Result<Option<u64>, Error> {
        let mut answer = self
            .agent
            .get(&self.api(&format!("/repos/{repository}/installation")))
            .header("Authorization", &format!("Bearer {}", self.jwt()?))
            .header("Accept", "application/vnd.github+json")
            .call()
            .map_err(unreachable)?;
        match answer.status().as_u16() {
            200 => {
                let body: Value = answer.body_mut().read_json().map_err(unreadable)?;
                Ok(body["id"].as_u64())
            }
            404 => Ok(None),
            status => Err(refused(status, "looking up the app's installation")),
        }
    }

    /// A token for `repository` alone, made or kept.
    pub fn token(&self, repository: &str) -> Result<String, Error> {
        if let Some((token, expires)) = self.lock().get(repository)
            && *expires - 300 > now()
        {
            return Ok(token.clone());
        }
        let installation = self.installation(repository)?.ok_or_else(|| {
            Error::NotFound(format!(
                "The cloud's GitHub App is not installed on {repository}: an admin of the team installs it from the project's settings."
            ))
        })?;
        let name = repository
            .split_once('/')
            .map_or(repository, |(_, name)| name);
        let permissions: Value = serde_json::from_str(PERMISSIONS).expect("valid JSON");
        let mut answer = self
            .agent
            .post(&self.api(&format!("/app/installations/{installation}/access_tokens")))
            .header("Authorization", &format!("Bearer {}", self.jwt()?))
            .header("Accept", "application/vnd.github+json")
            .send_json(json!({ "repositories": [name], "permissions": permissions }))
            .map_err(unreachable)?;
        if answer.status().as_u16() != 201 {
            return Err(refused(
                answer.status().as_u16(),
                "making an installation token",
            ));
        }
        let body: Value = answer.body_mut().read_json().map_err(unreadable)?;
        let token = body["token"].as_str().unwrap_or_default().to_string();
        let expires = body["expires_at"]
            .as_str()
            .and_then(|at| at.parse::<jiff::Timestamp>().ok())
            .map_or(now() + 3000, |at| at.as_second());
        if token.is_empty() {
            return Err(Error::Upstream("GitHub gave no installation token.".into()));
        }
        self.lock()
            .insert(repository.to_string(), (token.clone(), expires));
        Ok(token)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, (String, i64)>> {
        // Each change is one insert: a panic elsewhere leaves the map whole.
        self.tokens.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A GraphQL request (JSON) run with `token`.
    pub fn graphql(&self, token: &str, request: &Value) -> Result<Passed, Error> {
        let answer = self
            .agent
            .post(&self.endpoints().graphql())
            .header("Authorization", &format!("Bearer {token}"))
            .send_json(request)
            .map_err(unreachable)?;
        passed(answer)
    }

    /// A REST GET of `path` in `repository` (`/git/trees/{sha}?recursive=1`) with `token`.
    pub fn get(
        &self,
        token: &str,
        repository: &str,
        path: &str,
        accept: &str,
    ) -> Result<Passed, Error> {
        let answer = self
            .agent
            .get(&self.api(&format!("/repos/{repository}{path}")))
            .header("Authorization", &format!("Bearer {token}"))
            .header("Accept", accept)
            .header("X-GitHub-Api-Version", "2022-11-28")
            .call()
            .map_err(unreachable)?;
        passed(answer)
    }

    /// Forgets the token kept for `repository`, after GitHub refused it.
    pub fn forget(&self, repository: &str) {
        self.lock().remove(repository);
    }
}

/// The app made from the cloud (`github_app_setup.rs`), on GitHub at `endpoints`; the latest when
/// there were several.
pub(crate) async fn stored(
    db: &Db,
    endpoints: &storage_github::Endpoints,
) -> Result<Option<GithubApp>, Error> {
    let row: Option<(i64, String, String)> = sqlx::query_as(
        "SELECT app_id, slug, private_key FROM github_apps ORDER BY created_at DESC LIMIT 1",
    )
    .fetch_optional(&db.pool)
    .await?;
    let Some((id, slug, private_key_pem)) = row else {
        return Ok(None);
    };
    let config = GithubAppConfig {
        id: id as u64,
        private_key_pem,
        slug: Some(slug),
        web_url: endpoints.web.clone(),
        api_url: endpoints.api.clone(),
    };
    GithubApp::new(config).map(Some).map_err(Error::Unavailable)
}

fn passed(mut answer: ureq::http::Response<ureq::Body>) -> Result<Passed, Error> {
    let status = answer.status().as_u16();
    let content_type = answer
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .map(String::from);
    let body = answer
        .body_mut()
        .with_config()
        .limit(BODY_LIMIT)
        .read_to_vec()
        .map_err(unreachable)?;
    Ok(Passed {
        status,
        content_type,
        body,
    })
}

fn unreachable(err: ureq::Error) -> Error {
    Error::Upstream(format!("GitHub could not be reached: {err}"))
}

fn unreadable(err: ureq::Error) -> Error {
    Error::Upstream(format!("GitHub's answer was not understood: {err}"))
}

fn refused(status: u16, doing: &str) -> Error {
    Error::Upstream(format!("GitHub answered {status} {doing}."))
}
