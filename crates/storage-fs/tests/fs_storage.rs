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

/// The process's umask, as Linux reports it.
fn umask() -> u32 {
    let status = fs::read_to_string("/proc/self/status").expect("process status");
    let line = status
        .lines()
        .find_map(|l| l.strip_prefix("Umask:"))
        .expect("a Umask line");
    u32::from_str_radix(line.trim(), 8).expect("octal")
}

fn mode(path: &std::path::Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    fs::metadata(path).expect("exists").permissions().mode() & 0o7777
}

#[test]
fn files_keep_their_mode_and_new_ones_follow_the_umask() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().expect("temp dir");
    let settings = dir.path().join("content/settings.yaml");
    fs::create_dir_all(settings.parent().expect("parent")).expect("mkdir");
    fs::write(&settings, "a: 1\n").expect("write");
    fs::set_permissions(&settings, fs::Permissions::from_mode(0o664)).expect("chmod");
    let storage = FsStorage::new(dir.path());
    let change = ChangeSet {
        additions: vec![
            ("content/settings.yaml".into(), b"a: 2\n".to_vec()),
            ("content/posts/new/index.yaml".into(), b"t: x\n".to_vec()),
        ],
        ..ChangeSet::default()
    };
    storage.commit(None, &change).expect("write");
    assert_eq!(mode(&settings), 0o664, "an existing file keeps its mode");
    assert_eq!(
        mode(&dir.path().join("content/posts/new/index.yaml")),
        0o666 & !umask(),
        "a new file is readable as any program's new file is"
    );
    assert_eq!(
        mode(&dir.path().join("content/posts/new")),
        0o777 & !umask(),
        "a new folder too"
    );
}

#[test]
fn deleting_the_last_file_removes_the_folders_left_empty() {
    let dir = tempfile::tempdir().expect("temp dir");
    for path in [
        "content/posts/old/index.yaml",
        "content/posts/old/content/body.mdoc",
        "content/posts/keep/index.yaml",
        "public/images/authors/ada/avatar.png",
    ] {
        let full = dir.path().join(path);
        fs::create_dir_all(full.parent().expect("parent")).expect("mkdir");
        fs::write(full, "x").expect("write");
    }
    let storage = FsStorage::new(dir.path());
    let change = ChangeSet {
        deletions: vec![
            "content/posts/old/index.yaml".into(),
            "content/posts/old/content/body.mdoc".into(),
            "public/images/authors/ada/avatar.png".into(),
        ],
        ..ChangeSet::default()
    };
    storage.commit(None, &change).expect("delete");
    assert!(!dir.path().join("content/posts/old").exists());
    assert!(!dir.path().join("public").exists(), "up to the site's root");
    assert!(dir.path().join("content/posts/keep/index.yaml").exists());
    assert!(dir.path().exists());
}

#[test]
fn what_a_cut_short_save_staged_is_gone_at_the_next_start() {
    let dir = tempfile::tempdir().expect("temp dir");
    let staging = dir.path().join(".quire-staging");
    fs::create_dir_all(&staging).expect("mkdir");
    fs::write(staging.join("123-0.tmp"), "half a fi").expect("write");
    let storage = FsStorage::new(dir.path());
    assert_eq!(fs::read_dir(&staging).expect("dir").count(), 0);
    assert!(
        storage.tree(None).expect("tree").is_empty(),
        "the staging folder is not content"
    );
}

#[test]
fn a_repositorys_own_folder_is_never_written() {
    let dir = tempfile::tempdir().expect("temp dir");
    let storage = FsStorage::new(dir.path());
    for path in ["content/posts/x/.git/config", "content/.Git/hooks/pre-push"] {
        let change = ChangeSet {
            additions: vec![(
                path.into(),
                b"[core]\n\tfsmonitor = touch marker\n".to_vec(),
            )],
            ..ChangeSet::default()
        };
        assert!(
            matches!(storage.commit(None, &change), Err(Error::Refused { .. })),
            "{path}"
        );
        assert!(!dir.path().join(path).exists());
    }
}

#[test]
fn a_live_processs_staged_files_are_left_alone() {
    let dir = tempfile::tempdir().expect("temp dir");
    let staging = dir.path().join(".quire-staging");
    fs::create_dir_all(&staging).expect("mkdir");
    let mine = staging.join(format!("{}-7.tmp", std::process::id()));
    fs::write(&mine, "a save at work").expect("write");
    FsStorage::new(dir.path());
    assert!(
        mine.exists(),
        "another storage of this site is still saving"
    );
}

#[test]
fn a_change_that_names_a_folder_as_a_file_writes_nothing() {
    let dir = tempfile::tempdir().expect("temp dir");
    fs::create_dir_all(dir.path().join("content/gallery/0")).expect("mkdir");
    fs::write(dir.path().join("content/a.yaml"), "a: 1\n").expect("write");
    let storage = FsStorage::new(dir.path());
    let change = ChangeSet {
        additions: vec![("content/a.yaml".into(), b"a: 2\n".to_vec())],
        deletions: vec!["content/gallery".into()],
        ..ChangeSet::default()
    };
    assert!(matches!(
        storage.commit(None, &change),
        Err(Error::Refused { .. })
    ));
    assert_eq!(
        fs::read_to_string(dir.path().join("content/a.yaml")).expect("read"),
        "a: 1\n",
        "the addition did not land either"
    );
}
