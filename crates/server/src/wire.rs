//! JSON shapes on the wire (see docs/api.md).

use serde::{Deserialize, Serialize};

/// A tree entry as Keystatic's local API writes it.
#[derive(Serialize)]
pub struct TreeEntryJson {
    pub path: String,
    pub mode: &'static str,
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub sha: String,
}

pub fn tree_json(tree: Vec<storage::TreeEntry>) -> Vec<TreeEntryJson> {
    tree.into_iter()
        .map(|e| TreeEntryJson {
            mode: e.kind.mode(),
            kind: match e.kind {
                storage::EntryKind::Blob => "blob",
                storage::EntryKind::Tree => "tree",
            },
            path: e.path,
            sha: e.sha,
        })
        .collect()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Addition {
    pub path: String,
    pub contents: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Deletion {
    pub path: String,
}

/// The body of Keystatic's `POST /api/keystatic/update`.
#[derive(Deserialize)]
pub struct UpdateBody {
    pub additions: Vec<Addition>,
    pub deletions: Vec<Deletion>,
}

/// The body of `POST /api/keystatic/v1/commit`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct CommitBody {
    pub additions: Vec<Addition>,
    pub deletions: Vec<Deletion>,
    pub expected: serde_json::Map<String, serde_json::Value>,
    /// The branch to commit to (storage with branches); the default branch when absent.
    pub branch: Option<String>,
    /// The branch head the editor started from; a moved branch answers 409.
    pub expected_head: Option<String>,
    /// The commit message.
    pub message: Option<String>,
}

#[derive(Serialize)]
pub struct EntryRow {
    pub slug: String,
    pub sha: String,
    pub columns: serde_json::Map<String, serde_json::Value>,
    pub problem: Option<String>,
    /// `added`, `changed` or `unchanged` against the default branch; null on the default branch.
    pub status: Option<&'static str>,
}
