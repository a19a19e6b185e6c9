//! Where content is kept: the [`Storage`] trait that every backend implements, git object hashing,
//! an in-memory backend, and the conformance suite that every backend passes.
//!
//! Storage knows files and change sets, never fields or config.

mod accounts;
pub mod conformance;
mod hash;
mod memory;
mod unavailable;
mod url;

pub use accounts::{Accounts, AuthError, Tokens, User};
pub use hash::{blob_sha, tree_from_blobs, tree_root};
pub use memory::MemoryStorage;
pub use unavailable::UnavailableStorage;
pub use url::encode_path;

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
    /// Whether a change set's [`Author`] authors the commit (a backend whose commits name people
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
