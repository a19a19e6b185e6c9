//! The behaviour every [`Storage`] backend must show. Each backend's tests call [`run_all`] with a
//! function that makes a fresh, empty store.

use crate::{ChangeSet, EntryKind, Error, Storage, blob_sha};

/// Runs every check against fresh stores made by `make`.
pub fn run_all(make: &dyn Fn() -> Box<dyn Storage>) {
    writes_then_reads(make().as_ref());
    lists_directories_with_ids(make().as_ref());
    deletes_files(make().as_ref());
    refuses_stale_writes_and_writes_nothing(make().as_ref());
    expects_absent_files(make().as_ref());
}

fn add(path: &str, text: &str) -> (String, Vec<u8>) {
    (path.to_string(), text.as_bytes().to_vec())
}

fn commit(storage: &dyn Storage, additions: Vec<(String, Vec<u8>)>) {
    let change = ChangeSet {
        additions,
        ..ChangeSet::default()
    };
    storage
        .commit(None, &change)
        .expect("a plain write succeeds");
}

fn writes_then_reads(storage: &dyn Storage) {
    commit(storage, vec![add("posts/a.yaml", "title: A\n")]);
    assert_eq!(
        storage.read(None, "posts/a.yaml").expect("read").as_deref(),
        Some(&b"title: A\n"[..])
    );
    assert_eq!(
        storage.read(None, "posts/missing.yaml").expect("read"),
        None
    );
}

fn lists_directories_with_ids(storage: &dyn Storage) {
    commit(
        storage,
        vec![
            add("something/a/b/c.md", "c"),
            add("something/a/b/d.md", "a"),
        ],
    );
    let tree = storage.tree(None).expect("tree");
    let entry = |path: &str| tree.iter().find(|e| e.path == path).cloned().expect(path);
    assert_eq!(entry("something").kind, EntryKind::Tree);
    assert_eq!(entry("something/a/b/d.md").sha, blob_sha(b"a"));
    assert_eq!(entry("something/a/b/d.md").kind, EntryKind::Blob);
    let position = |path: &str| tree.iter().position(|e| e.path == path).expect(path);
    assert!(
        position("something/a") < position("something/a/b/c.md"),
        "parents come before children"
    );
}

fn deletes_files(storage: &dyn Storage) {
    commit(
        storage,
        vec![add("posts/a.yaml", "a"), add("posts/b.yaml", "b")],
    );
    let change = ChangeSet {
        deletions: vec!["posts/a.yaml".into()],
        ..ChangeSet::default()
    };
    storage.commit(None, &change).expect("delete");
    assert_eq!(storage.read(None, "posts/a.yaml").expect("read"), None);
    assert!(storage.read(None, "posts/b.yaml").expect("read").is_some());
    assert!(
        !storage
            .tree(None)
            .expect("tree")
            .iter()
            .any(|e| e.path == "posts/a.yaml")
    );
}

fn refuses_stale_writes_and_writes_nothing(storage: &dyn Storage) {
    commit(
        storage,
        vec![add("posts/a.yaml", "one"), add("posts/b.yaml", "b")],
    );
    let stale = ChangeSet {
        additions: vec![add("posts/a.yaml", "mine"), add("posts/c.yaml", "new")],
        deletions: vec!["posts/b.yaml".into()],
        expected: vec![("posts/a.yaml".into(), Some(blob_sha(b"something else")))],
        ..ChangeSet::default()
    };
    match storage.commit(None, &stale) {
        Err(Error::Conflict(paths)) => assert_eq!(paths, ["posts/a.yaml"]),
        other => panic!("expected a conflict, got {other:?}"),
    }
    assert_eq!(
        storage.read(None, "posts/a.yaml").expect("read").as_deref(),
        Some(&b"one"[..])
    );
    assert_eq!(storage.read(None, "posts/c.yaml").expect("read"), None);
    assert!(storage.read(None, "posts/b.yaml").expect("read").is_some());
    let fresh = ChangeSet {
        additions: vec![add("posts/a.yaml", "mine")],
        expected: vec![("posts/a.yaml".into(), Some(blob_sha(b"one")))],
        ..ChangeSet::default()
    };
    storage
        .commit(None, &fresh)
        .expect("a write with the right sha succeeds");
    assert_eq!(
        storage.read(None, "posts/a.yaml").expect("read").as_deref(),
        Some(&b"mine"[..])
    );
}

fn expects_absent_files(storage: &dyn Storage) {
    commit(storage, vec![add("posts/a.yaml", "one")]);
    let create_over = ChangeSet {
        additions: vec![add("posts/a.yaml", "two")],
        expected: vec![("posts/a.yaml".into(), None)],
        ..ChangeSet::default()
    };
    assert!(
        matches!(storage.commit(None, &create_over), Err(Error::Conflict(_))),
        "creating over an existing file conflicts"
    );
}

#[cfg(test)]
mod tests {
    #[test]
    fn memory_backend_conforms() {
        super::run_all(&|| Box::new(crate::MemoryStorage::default()));
    }
}
