//! What can go wrong in storage, typed so that the server says each once.

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
    /// The repository has no commits yet (no default branch): nothing to serve until it has one.
    #[error("the repository {0} has no commits yet")]
    NotInitialised(String),
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
