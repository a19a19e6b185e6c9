//! From storage's types to the protocol's (`crates/protocol`), for the answers that carry trees.

use protocol::{EntryType, FileMode, TreeEntry};

pub fn tree_json(tree: &[storage::TreeEntry]) -> Vec<TreeEntry> {
    tree.iter()
        .map(|e| {
            let (mode, kind) = match e.kind {
                storage::EntryKind::Blob => (FileMode::File, EntryType::Blob),
                storage::EntryKind::Tree => (FileMode::Folder, EntryType::Tree),
                storage::EntryKind::Link => (FileMode::Symlink, EntryType::Blob),
                storage::EntryKind::Submodule => (FileMode::Submodule, EntryType::Commit),
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

#[cfg(test)]
mod tests {
    use super::*;
    use storage::EntryKind;

    #[test]
    fn links_and_submodules_keep_git_s_modes_and_types_on_the_wire() {
        let entry = |path: &str, kind| storage::TreeEntry {
            path: path.into(),
            kind,
            sha: "0".repeat(40),
        };
        let json = serde_json::to_value(tree_json(&[
            entry("a.yaml", EntryKind::Blob),
            entry("posts", EntryKind::Tree),
            entry("link.yaml", EntryKind::Link),
            entry("theme", EntryKind::Submodule),
        ]))
        .unwrap();
        let modes: Vec<(&str, &str)> = json
            .as_array()
            .unwrap()
            .iter()
            .map(|e| (e["mode"].as_str().unwrap(), e["type"].as_str().unwrap()))
            .collect();
        assert_eq!(
            modes,
            [
                ("100644", "blob"),
                ("040000", "tree"),
                ("120000", "blob"),
                ("160000", "commit")
            ]
        );
    }
}
