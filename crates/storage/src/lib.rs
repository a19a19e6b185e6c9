//! Where content is kept: the [`Storage`] trait that every backend implements, git object hashing,
//! an in-memory backend, and the conformance suite that every backend passes.
//!
//! Storage knows files and change sets, never fields or config.

pub mod conformance;
mod hash;
mod memory;

pub use hash::{blob_sha, tree_from_blobs, tree_root};
pub use memory::MemoryStorage;

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
}

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("changed since it was read: {}", .0.join(", "))]
    Conflict(Vec<String>),
    #[error("{path}: {reason}")]
    Refused { path: String, reason: String },
    #[error("{path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
}

/// A place that holds a site's files.
pub trait Storage: Send + Sync {
    /// Every file and directory, parents before children.
    fn tree(&self) -> Result<Vec<TreeEntry>, Error>;
    /// A file's bytes, or None when it does not exist.
    fn read(&self, path: &str) -> Result<Option<Vec<u8>>, Error>;
    /// Applies a change set entirely or not at all (as far as the backend can promise).
    fn commit(&self, change: &ChangeSet) -> Result<(), Error>;
}
