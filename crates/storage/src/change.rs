//! A change set, who made it, and what storing it did.

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
