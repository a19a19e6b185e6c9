//! The repository as one person sees it through the cloud: made for a request with their token,
//! it asks the cloud who they are (their role, the project's repository) on its first call, then
//! is the GitHub backend on the cloud's route, read only for a viewer.

use std::sync::{Arc, OnceLock};

use storage::{Branching, ChangeSet, Committed, Error, Hosting, Storage, Tree};

use crate::site::Site;

pub(crate) struct PersonStorage {
    site: Arc<Site>,
    token: String,
    /// What the first call found: the person's storage, or why there is none.
    resolved: OnceLock<Result<Arc<dyn Storage>, Failure>>,
}

/// Why the person has no storage, kept to be said again by every call.
enum Failure {
    Unauthorized,
    Unavailable(String),
}

impl PersonStorage {
    pub(crate) fn new(site: Arc<Site>, token: &str) -> PersonStorage {
        PersonStorage {
            site,
            token: token.to_string(),
            resolved: OnceLock::new(),
        }
    }

    fn inner(&self) -> Result<&Arc<dyn Storage>, Error> {
        let resolved = self.resolved.get_or_init(|| {
            self.site.storage_for(&self.token).map_err(|err| match err {
                Error::Unauthorized => Failure::Unauthorized,
                other => Failure::Unavailable(other.to_string()),
            })
        });
        match resolved {
            Ok(storage) => Ok(storage),
            Err(Failure::Unauthorized) => Err(Error::Unauthorized),
            Err(Failure::Unavailable(reason)) => Err(Error::Unavailable(reason.clone())),
        }
    }
}

impl Storage for PersonStorage {
    fn tree(&self, branch: Option<&str>) -> Result<Tree, Error> {
        self.inner()?.tree(branch)
    }

    fn read(&self, branch: Option<&str>, path: &str) -> Result<Option<Vec<u8>>, Error> {
        self.inner()?.read(branch, path)
    }

    fn commit(&self, branch: Option<&str>, change: &ChangeSet) -> Result<Committed, Error> {
        self.inner()?.commit(branch, change)
    }

    fn head(&self, branch: Option<&str>) -> Result<Option<String>, Error> {
        self.inner()?.head(branch)
    }

    fn takes_authors(&self) -> bool {
        self.inner().is_ok_and(|s| s.takes_authors())
    }

    fn branching(&self) -> Option<&dyn Branching> {
        self.inner().ok()?.branching()
    }

    fn hosting(&self) -> Option<&dyn Hosting> {
        self.inner().ok()?.hosting()
    }
}
