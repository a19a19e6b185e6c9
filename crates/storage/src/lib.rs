//! Where content is kept: the [`Storage`] trait that every backend implements, git object hashing,
//! an in-memory backend, and the conformance suite that every backend passes.
//!
//! Storage knows files and change sets, never fields or config.

mod accounts;
pub mod conformance;
mod hash;
mod memory;
mod unavailable;

pub use accounts::{Accounts, AuthError, Tokens, User};
pub use hash::{blob_sha, tree_from_blobs, tree_root};
pub use memory::MemoryStorage;
pub use unavailable::UnavailableStorage;

/// A branch's files and directories, parents before children; shared, so that listing a large site
/// hands out the one copy a backend keeps rather than a copy of it.
pub type Tree = std::sync::Arc<[TreeEntry]>;

/// A file or directory of the site, as Keystatic's local API lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TreeEntry {
    pub path: String,
    pub kind: EntryKind,
    /// Git blob SHA-1 for files, git tree id for directories.
    pub sha: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EntryKind {
    Blob,
    Tree,
}

impl EntryKind {
    /// Git's file mode as the tree API writes it.
    pub fn mode(self) -> &'static str {
        match self {
            EntryKind::Blob => "100644",
            EntryKind::Tree => "040000",
        }
    }
}

/// Files to write and delete together.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ChangeSet {
    pub additions: Vec<(String, Vec<u8>)>,
    pub deletions: Vec<String>,
    /// For paths the editor read: the blob SHA it saw (`None`: the file did not exist). A mismatch
    /// is a conflict and nothing is written.
    pub expected: Vec<(String, Option<String>)>,
    /// For backends with commits: the branch head the editor started from; if the branch has moved
    /// since, the change is refused with [`Error::Conflict`]. None skips this check.
    pub expected_head: Option<String>,
    /// The commit message, for backends with commits.
    pub message: String,
    /// Who made the change, for backends whose commits name an author the backend does not know
    /// itself (git); None: the backend's own identity.
    pub author: Option<Author>,
}

/// A commit's author: a name and an email, both checked (non-empty, no angle brackets or
/// control characters) before they reach a backend.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Author {
    pub name: String,
    pub email: String,
}

/// A branch and the commit it points at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Branch {
    pub name: String,
    pub head: String,
}

/// The branches of a backend that has them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Branches {
    pub default: String,
    pub list: Vec<Branch>,
    /// The URL of the remote that commits are pushed to, if any.
    pub remote_url: Option<String>,
    /// Where pull requests from these branches go when that is another repository: the one the
    /// repository written to (a fork) was made from.
    pub upstream: Option<Upstream>,
}

/// The remote that commits are pushed to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Remote {
    pub url: String,
    /// The repository it was forked from, which its branches are proposed to.
    pub upstream: Option<Upstream>,
}

/// The repository a fork was made from, which its branches are proposed to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Upstream {
    /// Its page on the host (`https://github.com/owner/name`).
    pub url: String,
    pub default: String,
    /// The fork's owner, which names the fork's branches there (`owner:branch`).
    pub fork_owner: String,
}

/// What a commit did.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Committed {
    /// The branch's new head, for backends with commits.
    pub head: Option<String>,
    /// The change landed, but sending it on to a remote failed.
    pub push_failed: Option<PushFailed>,
}

/// A push after a commit that landed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PushFailed {
    pub remote: String,
    pub reason: String,
}

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("changed since it was read: {}", .0.join(", "))]
    Conflict(Vec<String>),
    /// The branch takes changes only through pull requests.
    #[error("the branch {0} is protected")]
    Protected(String),
    /// Files the change touches have changes of someone else's that are not stored yet (uncommitted
    /// changes in a git working tree); nothing was written.
    #[error("uncommitted changes to {}", .0.join(", "))]
    Dirty(Vec<String>),
    #[error("the branch {0} does not exist")]
    NoSuchBranch(String),
    /// The operation needs branches, and this backend has none.
    #[error("this storage has no branches")]
    NoBranches,
    #[error("{0}")]
    Invalid(String),
    /// The storage could not be opened; every call says why.
    #[error("{0}")]
    Unavailable(String),
    /// The person's sign-in is no longer accepted (storage that people sign in to).
    #[error("the sign-in is no longer valid")]
    Unauthorized,
    /// The repository does not exist, or this person may not read it.
    #[error("the repository {0} was not found")]
    RepoNotFound(String),
    /// This person may read but not make this change; the sentence says why.
    #[error("{0}")]
    Forbidden(String),
    #[error("{path}: {reason}")]
    Refused { path: String, reason: String },
    #[error("{path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
}

/// A place that holds a site's files.
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
    /// The branches, or None for a backend without them.
    fn branches(&self) -> Result<Option<Branches>, Error> {
        Ok(None)
    }
    /// The default branch, for a backend with branches, without listing them all.
    fn default_branch(&self) -> Result<Option<String>, Error> {
        Ok(self.branches()?.map(|b| b.default))
    }
    /// Where commits go on a host, without listing the branches.
    fn remote(&self) -> Result<Option<Remote>, Error> {
        Ok(self.branches()?.and_then(|b| {
            Some(Remote {
                url: b.remote_url?,
                upstream: b.upstream,
            })
        }))
    }
    /// Creates `name` pointing at the commit `from`.
    fn create_branch(&self, _name: &str, _from: &str) -> Result<(), Error> {
        Err(Error::NoBranches)
    }
    fn delete_branch(&self, _name: &str) -> Result<(), Error> {
        Err(Error::NoBranches)
    }
    /// Whether changes may be made (storage that people sign in to: whether this person may push).
    fn writable(&self) -> Result<bool, Error> {
        Ok(true)
    }
    /// The open pull request from `branch`, for a backend on a host that has them.
    fn open_pull_request(&self, _branch: &str) -> Result<Option<PullRequest>, Error> {
        Ok(None)
    }
}

/// A pull request open on the host.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PullRequest {
    pub number: u64,
    pub url: String,
}
