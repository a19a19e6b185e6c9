//! Git object ids: blob SHA-1s of files and tree ids of directories, as `git hash-object` and
//! `git mktree` compute them (every file mode 100644).

use std::collections::BTreeMap;

use sha1::{Digest, Sha1};

use crate::tree::{EntryKind, TreeEntry};

/// `sha1("blob <len>\0" + bytes)`, in hex.
pub fn blob_sha(bytes: &[u8]) -> String {
    hex(&raw_sha(b"blob", bytes))
}

fn raw_sha(kind: &[u8], bytes: &[u8]) -> [u8; 20] {
    let mut hasher = Sha1::new();
    hasher.update(kind);
    hasher.update(format!(" {}\0", bytes.len()).as_bytes());
    hasher.update(bytes);
    hasher.finalize().into()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(text: &str) -> Vec<u8> {
    (0..text.len() / 2)
        .filter_map(|i| u8::from_str_radix(text.get(i * 2..i * 2 + 2)?, 16).ok())
        .collect()
}

#[derive(Default)]
struct Dir {
    files: BTreeMap<String, String>,
    dirs: BTreeMap<String, Dir>,
}

/// The id of the root tree of a set of entries made by [`tree_from_blobs`].
pub fn tree_root(tree: &[TreeEntry]) -> String {
    let top: Vec<(String, String)> = tree
        .iter()
        .filter(|e| !e.path.contains('/'))
        .map(|e| (e.path.clone(), e.sha.clone()))
        .collect();
    let mut root = Dir::default();
    for (name, sha) in top {
        root.files.insert(name, sha);
    }
    let kinds: BTreeMap<&str, EntryKind> = tree.iter().map(|e| (e.path.as_str(), e.kind)).collect();
    let mut items: Vec<(String, &str, Vec<u8>)> = root
        .files
        .iter()
        .map(|(name, sha)| match kinds.get(name.as_str()) {
            Some(EntryKind::Tree) => (format!("{name}/"), "40000", unhex(sha)),
            Some(kind) => (name.clone(), kind.mode(), unhex(sha)),
            None => (name.clone(), "100644", unhex(sha)),
        })
        .collect();
    tree_id(&mut items)
}

/// The full tree (directories with their ids, then files) of a set of `(path, blob sha)` pairs.
/// Directories come before their children.
pub fn tree_from_blobs(blobs: &[(String, String)]) -> Vec<TreeEntry> {
    let mut root = Dir::default();
    for (path, sha) in blobs {
        let mut dir = &mut root;
        let mut parts = path.split('/').peekable();
        while let Some(part) = parts.next() {
            if parts.peek().is_none() {
                dir.files.insert(part.to_string(), sha.clone());
            } else {
                dir = dir.dirs.entry(part.to_string()).or_default();
            }
        }
    }
    let mut out = Vec::new();
    list(&root, "", &mut out);
    out
}

/// Appends the entries of `dir` and returns its tree id.
fn list(dir: &Dir, prefix: &str, out: &mut Vec<TreeEntry>) -> String {
    let mut items: Vec<(String, &str, Vec<u8>)> = Vec::new();
    for (name, sub) in &dir.dirs {
        let path = format!("{prefix}{name}");
        let at = out.len();
        out.push(TreeEntry {
            path: path.clone(),
            kind: EntryKind::Tree,
            sha: String::new(),
        });
        let sha = list(sub, &format!("{path}/"), out);
        out[at].sha = sha.clone();
        items.push((format!("{name}/"), "40000", unhex(&sha)));
    }
    for (name, sha) in &dir.files {
        out.push(TreeEntry {
            path: format!("{prefix}{name}"),
            kind: EntryKind::Blob,
            sha: sha.clone(),
        });
        items.push((name.clone(), "100644", unhex(sha)));
    }
    tree_id(&mut items)
}

/// Hashes a tree object from `(name, mode, raw sha)` items, directory names ending in '/'.
fn tree_id(items: &mut [(String, &str, Vec<u8>)]) -> String {
    // Git sorts by name, comparing a directory as if its name ended with '/'.
    items.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
    let mut body = Vec::new();
    for (name, mode, sha) in items.iter() {
        body.extend_from_slice(mode.as_bytes());
        body.push(b' ');
        body.extend_from_slice(name.trim_end_matches('/').as_bytes());
        body.push(0);
        body.extend_from_slice(sha);
    }
    hex(&raw_sha(b"tree", &body))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blob_ids_match_git() {
        assert_eq!(
            blob_sha(b"hello\n"),
            "ce013625030ba8dba906f756967f9e9ca394464a"
        );
        assert_eq!(blob_sha(b""), "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391");
    }

    #[test]
    fn tree_ids_match_keystatic_vectors() {
        let flat = vec![
            (
                "c.md".to_string(),
                "2ef267e25bd6c6a300bb473e604b092b6a48523b".to_string(),
            ),
            ("d.md".to_string(), blob_sha(b"a")),
        ];
        let root_of = |tree: Vec<TreeEntry>| tree_root(&tree);
        assert_eq!(
            root_of(tree_from_blobs(&flat)),
            "e5e053855c47d1735d8ecb5a71b9dde3e179d193"
        );
        let nested: Vec<(String, String)> = flat
            .iter()
            .map(|(p, s)| (format!("something/a/b/{p}"), s.clone()))
            .collect();
        let tree = tree_from_blobs(&nested);
        let sha_of = |path: &str| {
            tree.iter()
                .find(|e| e.path == path)
                .map(|e| e.sha.clone())
                .unwrap_or_default()
        };
        assert_eq!(
            sha_of("something/a/b"),
            "e5e053855c47d1735d8ecb5a71b9dde3e179d193"
        );
        assert!(
            sha_of("something/a").starts_with("ddd9e16c"),
            "{}",
            sha_of("something/a")
        );
        assert!(
            sha_of("something").starts_with("8ff4c979"),
            "{}",
            sha_of("something")
        );
        let paths: Vec<&str> = tree.iter().map(|e| e.path.as_str()).collect();
        assert_eq!(
            paths,
            [
                "something",
                "something/a",
                "something/a/b",
                "something/a/b/c.md",
                "something/a/b/d.md"
            ]
        );
    }
}
