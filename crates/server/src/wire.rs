//! From storage's types to the protocol's (`crates/protocol`), for the answers that carry trees.

use protocol::{EntryType, FileMode, TreeEntry};

pub fn tree_json(tree: Vec<storage::TreeEntry>) -> Vec<TreeEntry> {
    tree.into_iter()
        .map(|e| {
            let (mode, kind) = match e.kind {
                storage::EntryKind::Blob => (FileMode::File, EntryType::Blob),
                storage::EntryKind::Tree => (FileMode::Folder, EntryType::Tree),
            };
            TreeEntry {
                path: e.path,
                mode,
                kind,
                sha: e.sha,
            }
        })
        .collect()
}
