//! The listing follows changes made outside the admin, which the file-system watcher reports, and
//! the admin's own saves at once.

use std::collections::BTreeMap;
use std::fs;
use std::time::{Duration, Instant};

use storage::{ChangeSet, EntryKind, Storage, blob_sha};
use storage_fs::FsStorage;

fn listing(storage: &FsStorage) -> BTreeMap<String, String> {
    storage
        .tree(None)
        .expect("tree")
        .iter()
        .filter(|e| e.kind == EntryKind::Blob)
        .map(|e| (e.path.clone(), e.sha.clone()))
        .collect()
}

/// The listing once it satisfies `check`: the watcher reports a change a moment after it happens.
fn eventually(
    storage: &FsStorage,
    check: impl Fn(&BTreeMap<String, String>) -> bool,
) -> BTreeMap<String, String> {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let files = listing(storage);
        if check(&files) || Instant::now() > deadline {
            return files;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn changes_made_outside_the_admin_show_in_the_listing() {
    let dir = tempfile::tempdir().expect("temp dir");
    let root = dir.path();
    fs::create_dir_all(root.join("posts")).expect("mkdir");
    fs::write(root.join("posts/a.yaml"), "title: A\n").expect("write");
    let storage = FsStorage::new(root);
    assert_eq!(listing(&storage)["posts/a.yaml"], blob_sha(b"title: A\n"));

    fs::write(root.join("posts/a.yaml"), "title: A, edited\n").expect("write");
    let files = eventually(&storage, |f| {
        f["posts/a.yaml"] == blob_sha(b"title: A, edited\n")
    });
    assert_eq!(
        files["posts/a.yaml"],
        blob_sha(b"title: A, edited\n"),
        "an edit"
    );

    fs::create_dir_all(root.join("posts/new")).expect("mkdir");
    fs::write(root.join("posts/new/b.yaml"), "b").expect("write");
    let files = eventually(&storage, |f| f.contains_key("posts/new/b.yaml"));
    assert!(
        files.contains_key("posts/new/b.yaml"),
        "a file in a new folder"
    );

    fs::write(root.join("posts/new/c.yaml"), "c").expect("write");
    let files = eventually(&storage, |f| f.contains_key("posts/new/c.yaml"));
    assert!(
        files.contains_key("posts/new/c.yaml"),
        "a file in the folder made since"
    );

    fs::rename(root.join("posts/new"), root.join("posts/moved")).expect("rename");
    let files = eventually(&storage, |f| {
        f.contains_key("posts/moved/b.yaml") && !f.contains_key("posts/new/b.yaml")
    });
    assert!(
        files.contains_key("posts/moved/b.yaml") && !files.contains_key("posts/new/b.yaml"),
        "a folder renamed"
    );

    fs::remove_file(root.join("posts/a.yaml")).expect("rm");
    let files = eventually(&storage, |f| !f.contains_key("posts/a.yaml"));
    assert!(!files.contains_key("posts/a.yaml"), "a file removed");

    fs::write(root.join(".gitignore"), "moved/\n").expect("write");
    fs::write(root.join("posts/.gitignore"), "moved/\n").expect("write");
    let files = eventually(&storage, |f| {
        !f.keys().any(|p| p.starts_with("posts/moved/"))
    });
    assert!(
        !files.keys().any(|p| p.starts_with("posts/moved/")),
        "a .gitignore written"
    );
}

#[test]
fn the_admins_own_saves_show_at_once() {
    let dir = tempfile::tempdir().expect("temp dir");
    fs::create_dir_all(dir.path().join("posts")).expect("mkdir");
    fs::write(dir.path().join("posts/a.yaml"), "a").expect("write");
    let storage = FsStorage::new(dir.path());
    listing(&storage);
    let change = ChangeSet {
        additions: vec![
            ("posts/a.yaml".into(), b"a2".to_vec()),
            ("posts/b/index.yaml".into(), b"b".to_vec()),
        ],
        expected: vec![
            ("posts/a.yaml".into(), Some(blob_sha(b"a"))),
            ("posts/b/index.yaml".into(), None),
        ],
        ..ChangeSet::default()
    };
    storage.commit(None, &change).expect("commit");
    let files = listing(&storage);
    assert_eq!(files["posts/a.yaml"], blob_sha(b"a2"));
    assert_eq!(files["posts/b/index.yaml"], blob_sha(b"b"));
    let delete = ChangeSet {
        deletions: vec!["posts/a.yaml".into()],
        expected: vec![("posts/a.yaml".into(), Some(blob_sha(b"a2")))],
        ..ChangeSet::default()
    };
    storage.commit(None, &delete).expect("commit");
    assert!(!listing(&storage).contains_key("posts/a.yaml"));
}
