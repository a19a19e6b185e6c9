//! A site's files as Keystatic's local API lists them, and a branch's files with its head.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Git's mode of a tree entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
pub enum FileMode {
    #[serde(rename = "100644")]
    File,
    #[serde(rename = "040000")]
    Folder,
    /// A symbolic link: listed, never read as content nor written through.
    #[serde(rename = "120000")]
    Symlink,
    /// A submodule (its `sha` is a commit of another repository): listed, never written.
    #[serde(rename = "160000")]
    Submodule,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum EntryType {
    Blob,
    Tree,
    Commit,
}

/// One file or folder of the site, with its git blob or tree SHA-1.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct TreeEntry {
    pub path: String,
    pub mode: FileMode,
    #[serde(rename = "type")]
    pub kind: EntryType,
    pub sha: String,
}

/// A branch's files and the commit it points at (null for local storage).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct TreeResponse {
    pub entries: Vec<TreeEntry>,
    pub head: Option<String>,
}
