//! One entry's files, and a collection's slugs: what opening an entry reads.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// One file of an entry's area with its git blob SHA-1.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct EntryFile {
    pub path: String,
    pub sha: String,
    /// The text of the entry's data file and content files (when UTF-8); null for every other file,
    /// whose bytes the blob route serves.
    pub text: Option<String>,
}

/// Every file in one entry's area (its data file, its folder, its fields' upload folders) and the
/// commit they were read at (null for local storage). Empty when the entry does not exist.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct EntryFilesResponse {
    pub files: Vec<EntryFile>,
    pub head: Option<String>,
}

/// The slugs a collection's entries have, sorted, and the commit they were read at.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct SlugsResponse {
    pub slugs: Vec<String>,
    pub head: Option<String>,
}
