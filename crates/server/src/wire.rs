//! From storage's types to the protocol's (`crates/protocol`), for the answers that carry trees.

use protocol::{EntryType, FileMode, TreeEntry};

pub fn tree_json(tree: &[storage::TreeEntry]) -> Vec<TreeEntry> {
    tree.iter()
        .map(|e| {
            let (mode, kind) = match e.kind {
                storage::EntryKind::Blob => (FileMode::File, EntryType::Blob),
                storage::EntryKind::Tree => (FileMode::Folder, EntryType::Tree),
            };
            TreeEntry {
                path: e.path.clone(),
                mode,
                kind,
                sha: e.sha.clone(),
            }
        })
        .collect()
}
