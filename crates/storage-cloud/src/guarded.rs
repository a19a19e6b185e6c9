//! A site on `git` storage whose admin only the cloud's people use (`cloud.signIn: required`): the
//! site's one repository, as one of them sees it. Their role decides whether they may change it,
//! and each commit is theirs: the change set's author is the person signed in, whatever the page
//! sent (the machine's git identity commits it, as for anyone).

use std::sync::Arc;

use storage::{
    Author, Branching, ChangeSet, Committed, Error, HostedRepository, Hosting, Storage, Tree,
};

pub(crate) struct GuardedStorage {
    inner: Arc<dyn Storage>,
    author: Author,
    read_only: bool,
}

impl GuardedStorage {
    pub(crate) fn new(inner: Arc<dyn Storage>, author: Author, read_only: bool) -> GuardedStorage {
        GuardedStorage {
            inner,
            author,
            read_only,
        }
    }
}

/// What a viewer who tries to save is told.
const VIEWERS_READ: &str = "Viewers read this site but cannot change it: an admin of the cloud team can make you an editor.";

impl Storage for GuardedStorage {
    fn tree(&self, branch: Option<&str>) -> Result<Tree, Error> {
        self.inner.tree(branch)
    }

    fn read(&self, branch: Option<&str>, path: &str) -> Result<Option<Vec<u8>>, Error> {
        self.inner.read(branch, path)
    }

    fn commit(&self, branch: Option<&str>, change: &ChangeSet) -> Result<Committed, Error> {
        if self.read_only {
            return Err(Error::Forbidden(VIEWERS_READ.into()));
        }
        let change = ChangeSet {
            author: Some(self.author.clone()),
            ..change.clone()
        };
        self.inner.commit(branch, &change)
    }

    fn head(&self, branch: Option<&str>) -> Result<Option<String>, Error> {
        self.inner.head(branch)
    }

    /// The person is known: the admin asks no one for a name.
    fn takes_authors(&self) -> bool {
        false
    }

    fn branching(&self) -> Option<&dyn Branching> {
        self.inner.branching().map(|_| self as &dyn Branching)
    }

    /// A viewer's repository says it is not writable; without a host to name, the admin learns the
    /// role from the cloud session instead.
    fn hosting(&self) -> Option<&dyn Hosting> {
        match self.read_only {
            true => self.inner.hosting().map(|_| self as &dyn Hosting),
            false => self.inner.hosting(),
        }
    }
}

impl GuardedStorage {
    fn branches(&self) -> &dyn Branching {
        self.inner
            .branching()
            .expect("asked only when the repository has branches")
    }
}

impl Branching for GuardedStorage {
    fn default_branch(&self) -> Result<String, Error> {
        self.branches().default_branch()
    }

    fn list(&self) -> Result<Vec<storage::Branch>, Error> {
        self.branches().list()
    }

    fn create(&self, name: &str, from: &str) -> Result<(), Error> {
        if self.read_only {
            return Err(Error::Forbidden(VIEWERS_READ.into()));
        }
        self.branches().create(name, from)
    }

    fn delete(&self, name: &str) -> Result<(), Error> {
        if self.read_only {
            return Err(Error::Forbidden(VIEWERS_READ.into()));
        }
        self.branches().delete(name)
    }

    fn is_protected(&self, name: &str) -> bool {
        self.branches().is_protected(name)
    }

    fn open_pull_request(&self, branch: &str) -> Result<Option<storage::PullRequest>, Error> {
        self.branches().open_pull_request(branch)
    }
}

impl Hosting for GuardedStorage {
    fn repository(&self) -> Result<HostedRepository, Error> {
        match self.inner.hosting() {
            Some(hosting) => hosting.repository(),
            None => Err(Error::Unavailable("the repository has no host".into())),
        }
    }

    fn writable(&self) -> Result<bool, Error> {
        Ok(false)
    }
}
