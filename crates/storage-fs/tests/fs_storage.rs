//! The directory backend: conformance, the walk, and path safety.

use std::fs;

use storage::{ChangeSet, Error, Storage};
use storage_fs::FsStorage;

#[test]
fn conforms_to_the_storage_suite() {
    let dirs = std::sync::Mutex::new(Vec::new());
    storage::conformance::run_all(&|| {
        let dir = tempfile::tempdir().expect("temp dir");
        let storage = FsStorage::new(dir.path());
        dirs.lock().expect("lock").push(dir);
        Box::new(storage)
    });
}

#[test]
fn walk_applies_gitignore_and_skips_tool_folders() {
    let dir = tempfile::tempdir().expect("temp dir");
    let root = dir.path();
    for (path, text) in [
        (".gitignore", "dist/\n*.log\n"),
        ("content/a.yaml", "a"),
        ("content/.gitignore", "secret.yaml\n!keep.log\n"),
        ("content/secret.yaml", "s"),
        ("content/keep.log", "k"),
        ("debug.log", "d"),
        ("dist/app.js", "x"),
        ("node_modules/x/index.js", "x"),
        (".git/HEAD", "ref"),
    ] {
        let full = root.join(path);
        fs::create_dir_all(full.parent().expect("parent")).expect("mkdir");
        fs::write(full, text).expect("write");
    }
    std::os::unix::fs::symlink(root.join("content/a.yaml"), root.join("content/link.yaml"))
        .expect("symlink");
    let tree = FsStorage::new(root).tree(None).expect("tree");
    let mut paths: Vec<&str> = tree.iter().map(|e| e.path.as_str()).collect();
    paths.sort();
    assert_eq!(
        paths,
        [
            ".gitignore",
            "content",
            "content/.gitignore",
            "content/a.yaml",
            "content/keep.log"
        ]
    );
}

#[test]
fn paths_through_symlinks_are_refused() {
    let outside = tempfile::tempdir().expect("temp dir");
    let dir = tempfile::tempdir().expect("temp dir");
    fs::create_dir_all(dir.path().join("content")).expect("mkdir");
    std::os::unix::fs::symlink(outside.path(), dir.path().join("content/posts")).expect("symlink");
    let storage = FsStorage::new(dir.path());
    let change = ChangeSet {
        additions: vec![("content/posts/evil.yaml".into(), b"x".to_vec())],
        ..ChangeSet::default()
    };
    assert!(matches!(
        storage.commit(None, &change),
        Err(Error::Refused { .. })
    ));
    assert!(
        !outside.path().join("evil.yaml").exists(),
        "nothing written outside the root"
    );
    assert!(matches!(
        storage.read(None, "content/posts/evil.yaml"),
        Err(Error::Refused { .. })
    ));
    assert!(matches!(
        storage.read(None, "../etc/passwd"),
        Err(Error::Refused { .. })
    ));
}

#[test]
fn writes_leave_no_temporary_files() {
    let dir = tempfile::tempdir().expect("temp dir");
    let storage = FsStorage::new(dir.path());
    let change = ChangeSet {
        additions: vec![("a/b/c.yaml".into(), b"x\n".to_vec())],
        ..ChangeSet::default()
    };
    storage.commit(None, &change).expect("write");
    let names: Vec<String> = fs::read_dir(dir.path().join("a/b"))
        .expect("dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["c.yaml"]);
}
