//! The `cloud` storage kind: the cloud project's GitHub repository, read and written through the
//! cloud's `/v1/github/*` with the person's cloud token (the GitHub backend's GraphQL documents,
//! caches and refusals, on its second route: `storage_github::Route::Cloud`), and the cloud's
//! sign-in: OAuth 2 with PKCE against `/oauth/authorize` and `/oauth/token`, who the person is and
//! what their role lets them do from `/v1/info` (`info.rs`), revocation at log out.
//!
//! The cloud names the repository (`/v1/info`'s `project.repository`), so a person's storage
//! learns it on its first call (`person.rs`); calls are blocking (ureq), as the server makes them
//! off its async workers.

mod guarded;
mod info;
mod person;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde::Deserialize;
use sha2::{Digest, Sha256};
use storage::{Accounts, AuthError, CloudSession, Provider, Storage, Tokens, User};
use storage_github::{Endpoints, Repository, Route, SharedRepository};

pub use info::{CloudInfo, Role};

/// The version parameter and header the cloud's calls carry, as Keystatic's client sends its own.
const VERSION: &str = env!("CARGO_PKG_VERSION");
/// What the cloud said of a token is asked again after this long.
const INFO_TTL: Duration = Duration::from_secs(60);
const INFO_KEPT: usize = 1024;

/// A site's cloud: where it is, the project, and the repository's caches shared by everyone.
pub struct Cloud {
    site: Arc<Site>,
}

/// What every person's storage shares.
struct Site {
    url: String,
    project: String,
    path_prefix: Option<String>,
    agent: ureq::Agent,
    /// What the cloud said of each token (by its SHA-256), and when.
    infos: Mutex<HashMap<[u8; 32], (CloudInfo, Instant)>>,
    /// The repository the project edits (`owner/name`), its GitHub pages, and its shared caches.
    repository: Mutex<Option<(String, Arc<SharedRepository>)>>,
    /// The site's own storage, when the cloud only guards it (`git` storage): people get it
    /// rather than the project's repository.
    guarded: Option<Arc<dyn Storage>>,
}

impl Cloud {
    /// The cloud at `url` (`https://cloud.example.com`) for `project` (`team/project`), the site
    /// being the repository's folder `path_prefix` (none: its root).
    pub fn new(url: &str, project: &str, path_prefix: Option<String>) -> Cloud {
        let agent = ureq::Agent::config_builder()
            .timeout_global(Some(Duration::from_secs(60)))
            .http_status_as_error(false)
            .user_agent("quire")
            .build()
            .into();
        let site = Site {
            url: url.trim_end_matches('/').to_string(),
            project: project.to_string(),
            path_prefix,
            agent,
            infos: Mutex::new(HashMap::new()),
            repository: Mutex::new(None),
            guarded: None,
        };
        Cloud {
            site: Arc::new(site),
        }
    }

    /// The cloud at `url` for `project` guarding the site's own `storage` (`git` storage with
    /// `cloud.signIn: required`): its people sign in to the cloud, viewers only read, and each
    /// commit's author is the person signed in.
    pub fn guarding(url: &str, project: &str, storage: Arc<dyn Storage>) -> Cloud {
        let cloud = Cloud::new(url, project, None);
        let site = Arc::try_unwrap(cloud.site).unwrap_or_else(|_| unreachable!("just made"));
        Cloud {
            site: Arc::new(Site {
                guarded: Some(storage),
                ..site
            }),
        }
    }

    /// The cloud's address.
    pub fn url(&self) -> &str {
        &self.site.url
    }

    /// What the cloud says of `token`: the person, their role, the project and its team, kept a
    /// minute.
    pub fn info(&self, token: &str) -> Result<CloudInfo, storage::Error> {
        self.site.info(token)
    }
}

impl Site {
    fn info(&self, token: &str) -> Result<CloudInfo, storage::Error> {
        let key: [u8; 32] = Sha256::digest(token.as_bytes()).into();
        if let Some((info, at)) = self.lock_infos().get(&key)
            && at.elapsed() < INFO_TTL
        {
            return Ok(info.clone());
        }
        let info = info::fetch(&self.agent, &self.url, token)?;
        let mut infos = self.lock_infos();
        if infos.len() >= INFO_KEPT {
            infos.clear();
        }
        infos.insert(key, (info.clone(), Instant::now()));
        Ok(info)
    }

    fn lock_infos(&self) -> std::sync::MutexGuard<'_, HashMap<[u8; 32], (CloudInfo, Instant)>> {
        // Each change is one insert or a clear: a panic elsewhere leaves the map whole.
        self.infos.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The repository `info` names, its caches kept while the project edits the same one.
    fn shared(&self, info: &CloudInfo) -> Result<Arc<SharedRepository>, storage::Error> {
        let Some(full_name) = &info.repository else {
            return Err(storage::Error::Unavailable(format!(
                "The cloud project {} has no GitHub repository yet: an admin of the team connects one on the cloud's team page.",
                self.project
            )));
        };
        let mut kept = self.repository.lock().unwrap_or_else(|p| p.into_inner());
        if let Some((name, shared)) = kept.as_ref()
            && name == full_name
        {
            return Ok(shared.clone());
        }
        let (owner, name) = full_name.split_once('/').ok_or_else(|| {
            storage::Error::Unavailable(format!("The cloud named the repository {full_name:?}"))
        })?;
        let web = info
            .repository_url
            .as_deref()
            .and_then(|url| url.strip_suffix(&format!("/{full_name}")))
            .unwrap_or("https://github.com")
            .to_string();
        let endpoints = Endpoints {
            web,
            api: String::new(),
        };
        let route = Route::Cloud {
            url: self.url.clone(),
        };
        let repository = Repository {
            owner: owner.to_string(),
            name: name.to_string(),
            path_prefix: self.path_prefix.clone(),
        };
        let shared = Arc::new(SharedRepository::new(endpoints, route, repository));
        *kept = Some((full_name.clone(), shared.clone()));
        Ok(shared)
    }

    fn form(
        &self,
        path: &str,
        fields: &[(&str, &str)],
    ) -> Result<ureq::http::Response<ureq::Body>, AuthError> {
        self.agent
            .post(&format!("{}{path}", self.url))
            .header("Accept", "application/json")
            .header("x-keystatic-version", VERSION)
            .send_form(fields.iter().copied())
            .map_err(|e| AuthError::Unavailable(format!("The cloud could not be reached: {e}")))
    }
}

impl Site {
    /// The repository as the holder of `token` sees it, read only for a viewer.
    fn storage_for(&self, token: &str) -> Result<Arc<dyn Storage>, storage::Error> {
        let info = self.info(token)?;
        if let Some(storage) = &self.guarded {
            // Git refuses angle brackets and control characters in an identity.
            let clean = |text: &str| -> String {
                text.chars()
                    .filter(|c| !c.is_control() && !matches!(c, '<' | '>'))
                    .collect::<String>()
                    .trim()
                    .to_string()
            };
            let author = storage::Author {
                name: clean(&info.name),
                email: clean(&info.email),
            };
            let read_only = info.role == Role::Viewer;
            return Ok(Arc::new(guarded::GuardedStorage::new(
                storage.clone(),
                author,
                read_only,
            )));
        }
        let repository = self.shared(&info)?;
        Ok(repository.storage(token, info.role == Role::Viewer))
    }
}

impl Accounts for Cloud {
    fn provider(&self) -> Provider {
        Provider::Cloud
    }

    fn provider_url(&self) -> Option<String> {
        Some(self.site.url.clone())
    }

    fn authorize_url(&self, redirect_uri: &str, state: &str, code_challenge: &str) -> String {
        let mut url = url::Url::parse(&format!("{}/oauth/authorize", self.site.url))
            .expect("the cloud's address was checked with the config");
        url.query_pairs_mut()
            .append_pair("state", state)
            .append_pair("client_id", &self.site.project)
            .append_pair("redirect_uri", redirect_uri)
            .append_pair("response_type", "code")
            .append_pair("code_challenge_method", "S256")
            .append_pair("code_challenge", code_challenge)
            .append_pair("keystatic_version", VERSION);
        url.into()
    }

    fn exchange_code(
        &self,
        code: &str,
        redirect_uri: &str,
        code_verifier: &str,
    ) -> Result<Tokens, AuthError> {
        let mut response = self.site.form(
            "/oauth/token",
            &[
                ("code", code),
                ("client_id", &self.site.project),
                ("redirect_uri", redirect_uri),
                ("code_verifier", code_verifier),
                ("grant_type", "authorization_code"),
            ],
        )?;
        let status = response.status();
        if !status.is_success() {
            // The spec's words, with the cloud's answer below them.
            let body = response.body_mut().read_to_string().unwrap_or_default();
            return Err(AuthError::Refused(format!(
                "Bad response: {} {}\n\n{body}",
                status.as_u16(),
                status.canonical_reason().unwrap_or_default()
            )));
        }
        #[derive(Deserialize)]
        struct Answer {
            access_token: String,
            expires_in: u64,
        }
        let answer: Answer = response.body_mut().read_json().map_err(|e| {
            AuthError::Unavailable(format!("The cloud's token answer was not understood: {e}"))
        })?;
        Ok(Tokens {
            access: answer.access_token,
            expires_in: Some(answer.expires_in),
            refresh: None,
            refresh_expires_in: None,
        })
    }

    /// A cloud's tokens are not renewed: when one ends, the person signs in again.
    fn refresh(&self, _refresh_token: &str) -> Result<Tokens, AuthError> {
        Err(AuthError::Refused(
            "a cloud sign-in is not renewed; sign in again".into(),
        ))
    }

    fn revoke(&self, access_token: &str) -> Result<(), AuthError> {
        let key: [u8; 32] = Sha256::digest(access_token.as_bytes()).into();
        self.site.lock_infos().remove(&key);
        let response = self
            .site
            .form("/oauth/revoke", &[("token", access_token)])?;
        match response.status().as_u16() {
            200..=299 => Ok(()),
            status => Err(AuthError::Unavailable(format!(
                "The cloud answered {status} when the token was revoked"
            ))),
        }
    }

    fn user(&self, access_token: &str) -> Result<User, storage::Error> {
        let info = self.site.info(access_token)?;
        Ok(User {
            login: info.email.clone(),
            name: Some(info.name.clone()),
            avatar_url: info.avatar_url.clone(),
            profile_url: format!("{}/account", self.site.url),
        })
    }

    /// Allow lists name GitHub's teams; a cloud's people are its project's members already.
    fn in_team(&self, _: &str, _: &str, _: &str, _: &str) -> Result<bool, storage::Error> {
        Ok(false)
    }

    fn cloud_session(&self, access_token: &str) -> Result<Option<CloudSession>, storage::Error> {
        let info = self.site.info(access_token)?;
        Ok(Some(CloudSession {
            url: self.site.url.clone(),
            project: self.site.project.clone(),
            team: info.team_name,
            images: info.images,
            multiplayer: info.multiplayer,
            read_only: info.role == Role::Viewer,
        }))
    }

    fn storage(&self, access_token: &str) -> Arc<dyn Storage> {
        Arc::new(person::PersonStorage::new(self.site.clone(), access_token))
    }
}
