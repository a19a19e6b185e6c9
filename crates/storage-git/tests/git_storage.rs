//! The git backend against repositories made with the `git` command line.

use test_support::git as run;

use storage::{ChangeSet, EntryKind, Error, Storage};
use storage_git::{GitStorage, OpenError};

/// A repository with one commit holding `files`.
fn repo(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    run(dir.path(), &["init", "-q"]);
    for (path, text) in files {
        let full = dir.path().join(path);
        std::fs::create_dir_all(full.parent().expect("parent")).expect("mkdir");
        std::fs::write(full, text).expect("write");
    }
    run(dir.path(), &["add", "-A"]);
    run(dir.path(), &["commit", "-q", "-m", "first"]);
    dir
}

fn change(additions: &[(&str, &str)]) -> ChangeSet {
    ChangeSet {
        additions: additions
            .iter()
            .map(|(p, t)| (p.to_string(), t.as_bytes().to_vec()))
            .collect(),
        message: "Update content".into(),
        ..ChangeSet::default()
    }
}

#[test]
fn conforms_to_the_storage_suite() {
    let dirs = std::sync::Mutex::new(Vec::new());
    storage::conformance::run_all(&|| {
        let dir = tempfile::tempdir().expect("temp dir");
        run(dir.path(), &["init", "-q", "--bare"]);
        let work = tempfile::tempdir().expect("temp dir");
        run(work.path(), &["init", "-q"]);
        run(
            work.path(),
            &["commit", "-q", "--allow-empty", "-m", "root"],
        );
        run(
            work.path(),
            &["push", "-q", &dir.path().display().to_string(), "main"],
        );
        let storage = GitStorage::open(dir.path(), None).expect("opens");
        dirs.lock().expect("lock").push((dir, work));
        Box::new(storage)
    });
}

#[test]
fn tree_and_blob_ids_are_git_s_own() {
    let dir = repo(&[("posts/a.yaml", "title: A\n"), ("README.md", "hi\n")]);
    let storage = GitStorage::open(dir.path(), None).expect("opens");
    let tree = storage.tree(None).expect("tree");
    let sha = |path: &str| {
        tree.iter()
            .find(|e| e.path == path)
            .map(|e| e.sha.clone())
            .expect(path)
    };
    assert_eq!(
        sha("posts/a.yaml"),
        run(dir.path(), &["rev-parse", "HEAD:posts/a.yaml"])
    );
    assert_eq!(sha("posts"), run(dir.path(), &["rev-parse", "HEAD:posts"]));
}

#[test]
fn each_save_is_one_commit_on_its_branch() {
    let dir = repo(&[("posts/a.yaml", "title: A\n")]);
    run(dir.path(), &["branch", "draft"]);
    let storage = GitStorage::open(dir.path(), None).expect("opens");
    let before = storage
        .head(Some("draft"))
        .expect("head")
        .expect("a commit");
    let mut save = change(&[("posts/b.yaml", "title: B\n")]);
    save.expected_head = Some(before.clone());
    let head = storage
        .commit(Some("draft"), &save)
        .expect("commit")
        .head
        .expect("a head");
    assert_eq!(run(dir.path(), &["rev-parse", "draft"]), head);
    assert_eq!(run(dir.path(), &["rev-parse", "draft~1"]), before);
    assert_eq!(run(dir.path(), &["show", "draft:posts/b.yaml"]), "title: B");
    assert_eq!(
        run(dir.path(), &["log", "-1", "--format=%s", "draft"]),
        "Update content"
    );
    assert!(
        storage.read(None, "posts/b.yaml").expect("read").is_none(),
        "main is untouched"
    );
}

#[test]
fn a_moved_branch_refuses_the_save() {
    let dir = repo(&[("posts/a.yaml", "title: A\n")]);
    let storage = GitStorage::open(dir.path(), None).expect("opens");
    let opened_at = storage.head(None).expect("head").expect("a commit");
    std::fs::write(dir.path().join("other.txt"), "x").expect("write");
    run(dir.path(), &["add", "other.txt"]);
    run(dir.path(), &["commit", "-q", "-m", "someone else"]);
    let mut save = change(&[("posts/a.yaml", "title: Mine\n")]);
    save.expected_head = Some(opened_at);
    assert!(matches!(
        storage.commit(None, &save),
        Err(Error::Conflict(_))
    ));
    assert_eq!(
        run(dir.path(), &["log", "-1", "--format=%s"]),
        "someone else"
    );
}

#[test]
fn the_checked_out_branch_updates_the_working_tree_unless_it_has_local_changes() {
    let dir = repo(&[
        ("posts/a.yaml", "title: A\n"),
        ("posts/b.yaml", "title: B\n"),
    ]);
    let storage = GitStorage::open(dir.path(), None).expect("opens");
    storage
        .commit(None, &change(&[("posts/a.yaml", "title: A2\n")]))
        .expect("commit");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("posts/a.yaml")).expect("read"),
        "title: A2\n"
    );
    assert_eq!(
        run(dir.path(), &["status", "--porcelain"]),
        "",
        "index and files match the commit"
    );
    std::fs::write(dir.path().join("posts/b.yaml"), "title: my local edit\n").expect("write");
    let refused = storage.commit(None, &change(&[("posts/b.yaml", "title: B2\n")]));
    match refused {
        Err(Error::Dirty(paths)) => assert_eq!(paths, ["posts/b.yaml"]),
        other => panic!("expected a refusal, got {other:?}"),
    }
    assert_eq!(
        std::fs::read_to_string(dir.path().join("posts/b.yaml")).expect("read"),
        "title: my local edit\n"
    );
}

#[test]
fn unusable_repositories_say_why() {
    let empty = tempfile::tempdir().expect("temp dir");
    assert!(matches!(
        GitStorage::open(empty.path(), None),
        Err(OpenError::NotARepository { .. })
    ));
    run(empty.path(), &["init", "-q"]);
    let err = GitStorage::open(empty.path(), None)
        .err()
        .expect("no commits");
    assert!(
        err.to_string().starts_with("Git repo not initialised"),
        "{err}"
    );
    let dir = repo(&[("a.txt", "a")]);
    run(dir.path(), &["checkout", "-q", "--detach"]);
    assert!(matches!(
        GitStorage::open(dir.path(), None),
        Err(OpenError::DetachedHead { .. })
    ));
    assert!(GitStorage::open(dir.path(), Some("main".into())).is_ok());
    assert!(matches!(
        GitStorage::open(dir.path(), Some("nope".into())),
        Err(OpenError::MissingDefaultBranch { .. })
    ));
}

#[test]
fn commits_are_pushed_to_the_remote() {
    let remote = tempfile::tempdir().expect("temp dir");
    run(remote.path(), &["init", "-q", "--bare"]);
    let dir = repo(&[("a.txt", "a")]);
    run(
        dir.path(),
        &[
            "remote",
            "add",
            "origin",
            &remote.path().display().to_string(),
        ],
    );
    let storage = GitStorage::open(dir.path(), None)
        .expect("opens")
        .with_remote(Some("origin".into()));
    let head = storage
        .commit(None, &change(&[("b.txt", "b")]))
        .expect("commit")
        .head
        .expect("head");
    assert_eq!(run(remote.path(), &["rev-parse", "main"]), head);
}

#[test]
fn a_failed_push_keeps_the_commit_and_says_why() {
    let dir = repo(&[("a.txt", "a")]);
    let nowhere = dir.path().join("no-such-remote");
    run(
        dir.path(),
        &["remote", "add", "origin", &nowhere.display().to_string()],
    );
    let storage = GitStorage::open(dir.path(), None)
        .expect("opens")
        .with_remote(Some("origin".into()));
    let committed = storage
        .commit(None, &change(&[("b.txt", "b")]))
        .expect("the commit lands although the push fails");
    let failed = committed.push_failed.expect("the push failure is reported");
    assert_eq!(failed.remote, "origin");
    assert!(!failed.reason.is_empty());
    assert_eq!(
        run(dir.path(), &["rev-parse", "main"]),
        committed.head.expect("head"),
        "the branch holds the commit"
    );
    let next = ChangeSet {
        expected: vec![("b.txt".into(), Some(storage::blob_sha(b"b")))],
        ..change(&[("b.txt", "b2")])
    };
    storage
        .commit(None, &next)
        .expect("the next save goes on from the landed commit");
}

#[cfg(unix)]
#[test]
fn working_tree_files_keep_their_modes_and_deleted_folders_go() {
    use std::os::unix::fs::PermissionsExt;
    let dir = repo(&[
        ("content/settings.yaml", "a: 1\n"),
        ("content/posts/hello/index.yaml", "title: Hello\n"),
        ("content/posts/hello/body/image.png", "png"),
        ("content/posts/other.yaml", "title: Other\n"),
        ("bin/build.sh", "#!/bin/sh\n"),
    ]);
    let mode = |path: &str| {
        std::fs::metadata(dir.path().join(path))
            .expect("exists")
            .permissions()
            .mode()
            & 0o777
    };
    std::fs::set_permissions(
        dir.path().join("content/settings.yaml"),
        std::fs::Permissions::from_mode(0o664),
    )
    .expect("chmod");
    std::fs::set_permissions(
        dir.path().join("bin/build.sh"),
        std::fs::Permissions::from_mode(0o755),
    )
    .expect("chmod");
    run(dir.path(), &["add", "-A"]);
    run(dir.path(), &["commit", "-q", "-m", "modes"]);
    let storage = GitStorage::open(dir.path(), None).expect("opens");
    let mut save = change(&[
        ("content/settings.yaml", "a: 2\n"),
        ("bin/build.sh", "#!/bin/sh\necho\n"),
    ]);
    save.deletions = vec![
        "content/posts/hello/index.yaml".into(),
        "content/posts/hello/body/image.png".into(),
    ];
    storage.commit(None, &save).expect("commit");
    assert_eq!(mode("content/settings.yaml"), 0o664);
    assert_eq!(mode("bin/build.sh"), 0o755);
    assert_eq!(
        run(dir.path(), &["ls-files", "-s", "bin/build.sh"])
            .split(' ')
            .next(),
        Some("100755"),
        "the executable bit stays in the commit"
    );
    assert!(!dir.path().join("content/posts/hello").exists());
    assert!(dir.path().join("content/posts/other.yaml").exists());
    assert_eq!(run(dir.path(), &["status", "--porcelain"]), "");
}

#[test]
fn a_remote_named_like_an_option_is_taken_as_a_remote() {
    let dir = repo(&[("a.txt", "a")]);
    let marker = dir.path().join("marker");
    let remote = format!("--receive-pack=touch {}; false", marker.display());
    let storage = GitStorage::open(dir.path(), None)
        .expect("opens")
        .with_remote(Some(remote));
    let committed = storage
        .commit(None, &change(&[("b.txt", "b")]))
        .expect("the commit lands");
    assert!(committed.push_failed.is_some(), "no such remote");
    assert!(!marker.exists(), "the remote's name ran as a command");
}

#[test]
fn an_ignored_file_in_the_working_tree_is_not_overwritten() {
    let dir = repo(&[(".gitignore", "*.local.png\n"), ("a.txt", "a")]);
    std::fs::write(dir.path().join("hero.local.png"), "mine").expect("write");
    let storage = GitStorage::open(dir.path(), None).expect("opens");
    let refused = storage.commit(None, &change(&[("hero.local.png", "theirs")]));
    assert!(
        matches!(&refused, Err(Error::Dirty(paths)) if paths == &["hero.local.png"]),
        "{refused:?}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join("hero.local.png")).expect("read"),
        "mine"
    );
}

#[test]
fn untracked_and_ignored_files_in_folders_are_not_overwritten() {
    let dir = repo(&[(".gitignore", "*.local\n"), ("posts/a.txt", "a")]);
    std::fs::write(dir.path().join("posts/b.txt"), "mine").expect("write");
    std::fs::write(dir.path().join("posts/c.local"), "mine").expect("write");
    let storage = GitStorage::open(dir.path(), None).expect("opens");
    for path in ["posts/b.txt", "posts/c.local"] {
        let refused = storage.commit(None, &change(&[(path, "theirs")]));
        assert!(
            matches!(&refused, Err(Error::Dirty(paths)) if paths == &[path]),
            "{path}: {refused:?}"
        );
        assert_eq!(
            std::fs::read_to_string(dir.path().join(path)).expect("read"),
            "mine"
        );
    }
}

#[cfg(unix)]
#[test]
fn symbolic_links_are_neither_replaced_nor_written_through() {
    let outside = tempfile::tempdir().expect("temp dir");
    let secret = outside.path().join("secret.txt");
    std::fs::write(&secret, "secret").expect("write");
    let dir = repo(&[("a.txt", "a")]);
    std::os::unix::fs::symlink(&secret, dir.path().join("evil.yaml")).expect("symlink");
    run(dir.path(), &["add", "-A"]);
    run(dir.path(), &["commit", "-q", "-m", "a link"]);
    std::fs::create_dir_all(outside.path().join("folder")).expect("mkdir");
    std::os::unix::fs::symlink(outside.path().join("folder"), dir.path().join("linked"))
        .expect("symlink");
    let storage = GitStorage::open(dir.path(), None).expect("opens");
    for path in ["evil.yaml", "linked/x.png"] {
        let refused = storage.commit(None, &change(&[(path, "theirs")]));
        assert!(
            matches!(refused, Err(Error::Refused { .. })),
            "{path}: {refused:?}"
        );
    }
    assert_eq!(std::fs::read_to_string(&secret).expect("read"), "secret");
    assert!(!outside.path().join("folder/x.png").exists());
}

/// A symbolic link to a folder and a submodule, committed: the tree lists both with what they are,
/// and no save replaces them or writes below them.
#[cfg(unix)]
#[test]
fn committed_links_and_submodules_are_listed_and_left_alone() {
    let dir = repo(&[("posts/a.yaml", "title: A\n")]);
    std::os::unix::fs::symlink("posts", dir.path().join("articles")).expect("symlink");
    let head = run(dir.path(), &["rev-parse", "HEAD"]);
    run(
        dir.path(),
        &[
            "update-index",
            "--add",
            "--cacheinfo",
            &format!("160000,{head},theme"),
        ],
    );
    run(dir.path(), &["add", "articles"]);
    run(
        dir.path(),
        &["commit", "-q", "-m", "a link and a submodule"],
    );
    let storage = GitStorage::open(dir.path(), None).expect("opens");
    let tree = storage.tree(None).expect("tree");
    let kind_of = |path: &str| {
        tree.iter()
            .find(|e| e.path == path)
            .map(|e| (e.kind, e.sha.clone()))
    };
    assert_eq!(
        kind_of("articles"),
        Some((EntryKind::Link, storage::blob_sha(b"posts")))
    );
    assert_eq!(kind_of("theme"), Some((EntryKind::Submodule, head)));
    assert_eq!(storage.read(None, "articles").expect("read"), None);
    for path in ["articles", "articles/b.yaml", "theme", "theme/x.yaml"] {
        let refused = storage.commit(None, &change(&[(path, "title: B\n")]));
        assert!(
            matches!(&refused, Err(Error::Refused { path: at, .. }) if at == path),
            "{path}: {refused:?}"
        );
    }
    assert_eq!(
        run(dir.path(), &["log", "-1", "--format=%s"]),
        "a link and a submodule"
    );
}

#[test]
fn a_locked_index_refuses_the_save_before_committing() {
    let dir = repo(&[("a.txt", "a")]);
    let head = run(dir.path(), &["rev-parse", "HEAD"]);
    std::fs::write(dir.path().join(".git/index.lock"), "").expect("lock");
    let storage = GitStorage::open(dir.path(), None).expect("opens");
    let refused = storage.commit(None, &change(&[("a.txt", "b")]));
    assert!(matches!(refused, Err(Error::Unavailable(_))), "{refused:?}");
    assert_eq!(
        run(dir.path(), &["rev-parse", "HEAD"]),
        head,
        "nothing committed"
    );
}

#[test]
fn a_branch_checked_out_in_another_worktree_is_left_to_it() {
    let dir = repo(&[("a.txt", "a")]);
    let elsewhere = tempfile::tempdir().expect("temp dir");
    let linked = elsewhere.path().join("draft");
    run(
        dir.path(),
        &[
            "worktree",
            "add",
            "-q",
            "-b",
            "draft",
            &linked.display().to_string(),
        ],
    );
    let storage = GitStorage::open(dir.path(), None).expect("opens");
    let refused = storage.commit(Some("draft"), &change(&[("a.txt", "b")]));
    assert!(matches!(refused, Err(Error::Refused { .. })), "{refused:?}");
    assert!(
        storage
            .branching()
            .expect("branches")
            .delete("draft")
            .is_err(),
        "not deleted under it"
    );
}

#[test]
fn a_push_that_is_refused_says_why() {
    let remote = tempfile::tempdir().expect("temp dir");
    run(remote.path(), &["init", "-q", "--bare"]);
    let dir = repo(&[("a.txt", "a")]);
    let url = remote.path().display().to_string();
    run(dir.path(), &["remote", "add", "origin", &url]);
    run(dir.path(), &["push", "-q", "origin", "main"]);
    // Someone else moves the remote's main.
    let other = tempfile::tempdir().expect("temp dir");
    run(other.path(), &["clone", "-q", &url, "."]);
    std::fs::write(other.path().join("c.txt"), "c").expect("write");
    run(other.path(), &["add", "-A"]);
    run(other.path(), &["commit", "-q", "-m", "elsewhere"]);
    run(other.path(), &["push", "-q", "origin", "main"]);
    let storage = GitStorage::open(dir.path(), None)
        .expect("opens")
        .with_remote(Some("origin".into()));
    let committed = storage
        .commit(None, &change(&[("b.txt", "b")]))
        .expect("the commit lands");
    let failed = committed.push_failed.expect("the push is refused");
    assert!(failed.reason.contains("rejected"), "{}", failed.reason);
}
