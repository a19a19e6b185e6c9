//! A branch's files and folders as a backend lists them.

/// A branch's files and directories, parents before children; shared, so that listing a large site
/// hands out the one copy a backend keeps rather than a copy of it.
pub type Tree = std::sync::Arc<[TreeEntry]>;

/// A file or directory of the site, as Keystatic's local API lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TreeEntry {
    pub path: String,
    pub kind: EntryKind,
    /// Git blob SHA-1 for files and symbolic links, git tree id for directories, the commit id of
    /// a submodule.
    pub sha: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EntryKind {
    Blob,
    Tree,
    /// A symbolic link (git mode 120000) in a repository's history. Listed so that the tree says
    /// what is there; never read as content, replaced or written through.
    Link,
    /// A submodule (git mode 160000): another repository's commit. Listed, never written.
    Submodule,
}

impl EntryKind {
    /// Git's file mode as the tree API writes it.
    pub fn mode(self) -> &'static str {
        match self {
            EntryKind::Blob => "100644",
            EntryKind::Tree => "040000",
            EntryKind::Link => "120000",
            EntryKind::Submodule => "160000",
        }
    }

    /// A symbolic link or a submodule: what it points at is not this tree's to read or write.
    pub fn is_foreign(self) -> bool {
        matches!(self, EntryKind::Link | EntryKind::Submodule)
    }
}
