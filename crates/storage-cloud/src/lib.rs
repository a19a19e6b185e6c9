//! The `cloud` storage kind: the cloud project's GitHub repository, read and written through the
//! cloud's `/v1/github/*` with the person's cloud token (the GitHub backend's GraphQL documents,
//! caches and refusals, on its second route: `storage_github::Route::Cloud`), and the cloud's
//! sign-in: OAuth 2 with PKCE against `/oauth/authorize` and `/oauth/token`, who the person is and
//! what their role lets them do from `/v1/info` (`info.rs`), revocation at log out, and the
//! cloud's image service for the person's uploads (`images.rs`).
//!
//! The cloud names the repository (`/v1/info`'s `project.repository`), so a person's storage
//! learns it on its first call (`person.rs`, over what every person shares: `site.rs`). The same
//! sign-in can guard a site's own `git` storage instead (`guarded.rs`). Calls are blocking (ureq),
//! as the server makes them off its async workers.

mod guarded;
mod images;
mod info;
mod person;
mod site;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde::Deserialize;
use sha2::{Digest, Sha256};
use storage::{
    Accounts, AuthError, CloudSession, LibraryPage, Provider, Relayed, Storage, Tokens, User,
};

use info::VERSION;
pub use info::{CloudInfo, Role};
use site::Site;

/// A site's cloud: where it is, the project, and the repository's caches shared by everyone.
pub struct Cloud {
    site: Arc<Site>,
}

impl Cloud {
    /// The cloud at `url` (`https://cloud.example.com`) for `project` (`team/project`), the site
    /// being the repository's folder `path_prefix` (none: its root).
    pub fn new(url: &str, project: &str, path_prefix: Option<String>) -> Cloud {
        Cloud::made(url, project, path_prefix, None)
    }

    /// The cloud at `url` for `project` guarding the site's own `storage` (`git` storage with
    /// `cloud.signIn: required`): its people sign in to the cloud, viewers only read, and each
    /// commit's author is the person signed in.
    pub fn guarding(url: &str, project: &str, storage: Arc<dyn Storage>) -> Cloud {
        Cloud::made(url, project, None, Some(storage))
    }

    fn made(
        url: &str,
        project: &str,
        path_prefix: Option<String>,
        guarded: Option<Arc<dyn Storage>>,
    ) -> Cloud {
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
            guarded,
        };
        Cloud {
            site: Arc::new(site),
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

    fn upload_image(
        &self,
        access_token: &str,
        name: &str,
        bytes: &[u8],
    ) -> Result<Relayed, storage::Error> {
        images::upload(&self.site, access_token, name, bytes)
    }

    fn image_info(&self, access_token: &str, url: &str) -> Result<Relayed, storage::Error> {
        images::info(&self.site, access_token, url)
    }

    fn image_library(
        &self,
        access_token: &str,
        page: &LibraryPage,
    ) -> Result<Relayed, storage::Error> {
        images::library(&self.site, access_token, page)
    }
}
