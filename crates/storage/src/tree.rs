//! A branch's files and folders as a backend lists them.

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
