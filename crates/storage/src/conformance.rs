//! The behaviour every [`Storage`] backend must show, and every [`Branching`] and [`Hosting`] one
//! for a backend that has them. Each backend's tests call [`run_all`] with a function that makes a
//! fresh, empty store (one commit on its default branch, for a backend with commits).

use crate::backend::{Branching, Storage};
use crate::change::ChangeSet;
use crate::error::Error;
use crate::hash::blob_sha;
use crate::tree::EntryKind;

/// A storage and what must stay alive while it is used (a stand-in of its host, a temporary
/// folder): what `make` returns for a backend that lives behind a server.
pub struct Holding<T>(pub std::sync::Arc<dyn Storage>, pub T);

impl<T: Send + Sync> Storage for Holding<T> {
    fn tree(&self, branch: Option<&str>) -> Result<crate::Tree, crate::Error> {
        self.0.tree(branch)
    }
    fn read(&self, branch: Option<&str>, path: &str) -> Result<Option<Vec<u8>>, crate::Error> {
        self.0.read(branch, path)
    }
    fn commit(
        &self,
        branch: Option<&str>,
        change: &crate::ChangeSet,
    ) -> Result<crate::Committed, crate::Error> {
        self.0.commit(branch, change)
    }
    fn head(&self, branch: Option<&str>) -> Result<Option<String>, crate::Error> {
        self.0.head(branch)
    }
    fn takes_authors(&self) -> bool {
        self.0.takes_authors()
    }
    fn branching(&self) -> Option<&dyn crate::Branching> {
        self.0.branching()
    }
    fn hosting(&self) -> Option<&dyn crate::Hosting> {
        self.0.hosting()
    }
}

/// Runs every check against fresh stores made by `make`: the core's, then those of the
/// capabilities the store answers with.
pub fn run_all(make: &dyn Fn() -> Box<dyn Storage>) {
    writes_then_reads(make().as_ref());
    lists_directories_with_ids(make().as_ref());
    deletes_files(make().as_ref());
    refuses_stale_writes_and_writes_nothing(make().as_ref());
    expects_absent_files(make().as_ref());
    moves_the_head_with_each_commit(make().as_ref());
    let probe = make();
    let (branches, hosted) = (probe.branching().is_some(), probe.hosting().is_some());
    drop(probe);
    if branches {
        branches_are_made_from_a_head_and_deleted(make().as_ref());
        a_branch_keeps_to_itself(make().as_ref());
        a_moved_head_refuses_the_commit(make().as_ref());
        a_missing_branch_is_named(make().as_ref());
    }
    if hosted {
        the_hosted_repository_is_described(make().as_ref());
    }
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

/// A backend with commits names a new head for each commit that changed something, and answers it.
fn moves_the_head_with_each_commit(storage: &dyn Storage) {
    let before = storage.head(None).expect("head");
    let change = ChangeSet {
        additions: vec![add("posts/a.yaml", "a")],
        ..ChangeSet::default()
    };
    let committed = storage.commit(None, &change).expect("commit");
    let after = storage.head(None).expect("head");
    assert_eq!(committed.head, after, "the commit answers the new head");
    if before.is_some() {
        assert_ne!(before, after, "a commit moves the head");
    }
}

fn branches(storage: &dyn Storage) -> &dyn Branching {
    storage.branching().expect("a backend with branches")
}

fn names(branching: &dyn Branching) -> Vec<String> {
    branching
        .list()
        .expect("list")
        .into_iter()
        .map(|b| b.name)
        .collect()
}

fn branches_are_made_from_a_head_and_deleted(storage: &dyn Storage) {
    let branching = branches(storage);
    let default = branching.default_branch().expect("default");
    commit(storage, vec![add("posts/a.yaml", "a")]);
    let head = storage
        .head(None)
        .expect("head")
        .expect("a backend with branches has commits");
    branching.create("feature/one", &head).expect("create");
    let listed = branching.list().expect("list");
    let mut expected = vec!["feature/one".to_string(), default.clone()];
    expected.sort();
    assert_eq!(names(branching), expected, "listed by name");
    let made = listed
        .iter()
        .find(|b| b.name == "feature/one")
        .expect("listed");
    assert_eq!(made.head, head, "made at the head it was given");
    assert!(
        branching.create("feature/one", &head).is_err(),
        "a branch is not made twice"
    );
    assert!(
        branching.delete(&default).is_err(),
        "the default branch is not deleted"
    );
    branching.delete("feature/one").expect("delete");
    assert!(matches!(
        storage.tree(Some("feature/one")),
        Err(Error::NoSuchBranch(_))
    ));
    assert_eq!(names(branching), [default]);
}

fn a_branch_keeps_to_itself(storage: &dyn Storage) {
    let branching = branches(storage);
    commit(storage, vec![add("posts/a.yaml", "a")]);
    let head = storage.head(None).expect("head").expect("head");
    branching.create("draft", &head).expect("create");
    let change = ChangeSet {
        additions: vec![add("posts/a.yaml", "on the branch")],
        expected_head: Some(head.clone()),
        ..ChangeSet::default()
    };
    let committed = storage.commit(Some("draft"), &change).expect("commit");
    assert_eq!(committed.head, storage.head(Some("draft")).expect("head"));
    assert_eq!(
        storage
            .read(Some("draft"), "posts/a.yaml")
            .expect("read")
            .as_deref(),
        Some(&b"on the branch"[..])
    );
    assert_eq!(
        storage.read(None, "posts/a.yaml").expect("read").as_deref(),
        Some(&b"a"[..]),
        "the default branch is left alone"
    );
    assert_eq!(storage.head(None).expect("head"), Some(head));
}

fn a_moved_head_refuses_the_commit(storage: &dyn Storage) {
    commit(storage, vec![add("posts/a.yaml", "a")]);
    let read_at = storage.head(None).expect("head");
    commit(storage, vec![add("posts/b.yaml", "someone else's")]);
    let moved = storage.head(None).expect("head");
    let stale = ChangeSet {
        additions: vec![add("posts/a.yaml", "mine")],
        expected_head: read_at,
        ..ChangeSet::default()
    };
    assert!(matches!(
        storage.commit(None, &stale),
        Err(Error::Conflict(_))
    ));
    assert_eq!(
        storage.head(None).expect("head"),
        moved,
        "nothing committed"
    );
    assert_eq!(
        storage.read(None, "posts/a.yaml").expect("read").as_deref(),
        Some(&b"a"[..])
    );
}

fn a_missing_branch_is_named(storage: &dyn Storage) {
    let missing = |result: Result<(), Error>| match result {
        Err(Error::NoSuchBranch(name)) => assert_eq!(name, "nowhere"),
        other => panic!("expected NoSuchBranch, got {other:?}"),
    };
    missing(storage.tree(Some("nowhere")).map(drop));
    missing(storage.read(Some("nowhere"), "a.yaml").map(drop));
    missing(storage.head(Some("nowhere")).map(drop));
    missing(
        storage
            .commit(
                Some("nowhere"),
                &ChangeSet {
                    additions: vec![add("a.yaml", "a")],
                    ..ChangeSet::default()
                },
            )
            .map(drop),
    );
    missing(branches(storage).delete("nowhere"));
}

fn the_hosted_repository_is_described(storage: &dyn Storage) {
    let hosting = storage.hosting().expect("a hosted backend");
    let repository = hosting.repository().expect("repository");
    assert!(repository.url.starts_with("http"), "{}", repository.url);
    assert!(
        repository.file_url.starts_with(&repository.url)
            && repository.file_url.contains("{branch}")
            && repository.file_url.ends_with("{path}"),
        "{}",
        repository.file_url
    );
    hosting.writable().expect("writable answers");
}

#[cfg(test)]
mod tests {
    #[test]
    fn memory_backend_conforms() {
        super::run_all(&|| Box::new(crate::MemoryStorage::default()));
    }
}
