//! What every person's storage of a site shares: the cloud's address and project, what the cloud
//! said of each token, and the repository the project edits with its caches (or the site's own
//! storage, when the cloud only guards it).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use sha2::{Digest, Sha256};
use storage::{AuthError, Storage};
use storage_github::{Endpoints, Repository, Route, SharedRepository};

use crate::guarded;
use crate::info::{self, CloudInfo, Role, VERSION};

/// What the cloud said of a token is asked again after this long.
const INFO_TTL: std::time::Duration = std::time::Duration::from_secs(60);
const INFO_KEPT: usize = 1024;

/// What every person's storage shares.
pub(crate) struct Site {
    pub(crate) url: String,
    pub(crate) project: String,
    pub(crate) path_prefix: Option<String>,
    pub(crate) agent: ureq::Agent,
    /// What the cloud said of each token (by its SHA-256), and when.
    pub(crate) infos: Mutex<HashMap<[u8; 32], (CloudInfo, Instant)>>,
    /// The repository the project edits (`owner/name`), its GitHub pages, and its shared caches.
    pub(crate) repository: Mutex<Option<(String, Arc<SharedRepository>)>>,
    /// The site's own storage, when the cloud only guards it (`git` storage): people get it
    /// rather than the project's repository.
    pub(crate) guarded: Option<Arc<dyn Storage>>,
}

impl Site {
    pub(crate) fn info(&self, token: &str) -> Result<CloudInfo, storage::Error> {
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

    pub(crate) fn lock_infos(
        &self,
    ) -> std::sync::MutexGuard<'_, HashMap<[u8; 32], (CloudInfo, Instant)>> {
        // Each change is one insert or a clear: a panic elsewhere leaves the map whole.
        self.infos.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The repository `info` names, its caches kept while the project edits the same one.
    pub(crate) fn shared(&self, info: &CloudInfo) -> Result<Arc<SharedRepository>, storage::Error> {
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

    pub(crate) fn form(
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
    pub(crate) fn storage_for(&self, token: &str) -> Result<Arc<dyn Storage>, storage::Error> {
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
