//! The traits a backend implements: the core every one has, and the capabilities some add.

use crate::change::{ChangeSet, Committed};
use crate::error::Error;
use crate::tree::Tree;

/// A branch and the commit it points at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Branch {
    pub name: String,
    pub head: String,
    /// The host's page that starts a pull request from this branch, where the backend knows its
    /// host (a fork's branches, its default one too, are proposed to the repository upstream).
    pub new_pull_request_url: Option<String>,
}

/// A repository on a host that people sign in to, as the person signed in may use it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HostedRepository {
    /// Its page on the host (`https://github.com/owner/name`).
    pub url: String,
    /// The page of the repository it was forked from, which its branches are proposed to.
    pub fork_of: Option<String>,
    /// The page of a file on a branch: `{branch}` and `{path}` (the site's path, percent-encoded
    /// segment by segment) are to be filled in.
    pub file_url: String,
}

/// A place that holds a site's files: the core every backend has. What else a backend can do it
/// answers through [`Storage::branching`] and [`Storage::hosting`]; the server asks for those
/// capabilities and never for the kind of storage.
///
/// `branch` None means the default branch, which is the only one of a backend without branches.
pub trait Storage: Send + Sync {
    /// Every file and directory, parents before children.
    fn tree(&self, branch: Option<&str>) -> Result<Tree, Error>;
    /// A file's bytes, or None when it does not exist.
    fn read(&self, branch: Option<&str>, path: &str) -> Result<Option<Vec<u8>>, Error>;
    /// Applies a change set entirely or not at all. A backend that pushes its commits on reports a
    /// failed push in [`Committed`], not as an error: the change is stored.
    fn commit(&self, branch: Option<&str>, change: &ChangeSet) -> Result<Committed, Error>;
    /// The commit a branch points at, or None for a backend without commits.
    fn head(&self, _branch: Option<&str>) -> Result<Option<String>, Error> {
        Ok(None)
    }
    /// Whether a change set's [`Author`](crate::Author) authors the commit (a backend whose commits name people
    /// it does not know itself).
    fn takes_authors(&self) -> bool {
        false
    }
    /// Branches, for a backend that has them.
    fn branching(&self) -> Option<&dyn Branching> {
        None
    }
    /// The repository on its host, for a backend that people sign in to.
    fn hosting(&self) -> Option<&dyn Hosting> {
        None
    }
}

/// The branches of a backend that has them. Names reach it checked against git's rules.
pub trait Branching: Send + Sync {
    /// The branch the admin opens and others are compared with.
    fn default_branch(&self) -> Result<String, Error>;
    /// Every branch, by name.
    fn list(&self) -> Result<Vec<Branch>, Error>;
    /// Creates `name` pointing at the commit `from`.
    fn create(&self, name: &str, from: &str) -> Result<(), Error>;
    /// Deletes `name`; never the default branch.
    fn delete(&self, name: &str) -> Result<(), Error>;
    /// Whether `name` takes changes only through a new branch (and is neither made nor deleted
    /// here): commits to it, creating it and deleting it answer [`Error::Protected`].
    fn is_protected(&self, _name: &str) -> bool {
        false
    }
    /// The pull request open from `branch`, on a host that has them.
    fn open_pull_request(&self, _branch: &str) -> Result<Option<PullRequest>, Error> {
        Ok(None)
    }
}

/// A repository on a host that people sign in to.
pub trait Hosting: Send + Sync {
    /// The repository as the person signed in reaches it: its page, the one it was forked from.
    fn repository(&self) -> Result<HostedRepository, Error>;
    /// Whether this person may push.
    fn writable(&self) -> Result<bool, Error>;
}

/// A pull request open on the host.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PullRequest {
    pub number: u64,
    pub url: String,
}
