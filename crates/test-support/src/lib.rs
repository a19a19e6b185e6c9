//! Helpers shared by tests: fixture sites from `fixtures/sites` and `examples/` copied into
//! temporary directories, so a test can write without touching the repository, and a GitHub
//! stand-in (`github_standin`) to test GitHub storage against without the network.

pub mod github_standin;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The repository's root directory.
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("the repository root exists")
}

/// A copy of `relative` (e.g. `examples/blog`) in a fresh temporary directory.
pub fn copy_site(relative: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a temporary directory");
    copy_dir(&repo_root().join(relative), dir.path());
    dir
}

fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).expect("create directory");
    for entry in fs::read_dir(from).expect("read fixture directory") {
        let entry = entry.expect("directory entry");
        let target = to.join(entry.file_name());
        if entry.file_type().expect("file type").is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            fs::copy(entry.path(), &target).expect("copy fixture file");
        }
    }
}

/// Runs `git` in `dir` with a fixed identity and `main` as the default branch, and returns its
/// trimmed output; panics with git's message when it fails.
pub fn git(dir: &Path, args: &[&str]) -> String {
    let output = Command::new("git")
        .args([
            "-c",
            "user.name=Test",
            "-c",
            "user.email=test@example.com",
            "-c",
            "init.defaultBranch=main",
        ])
        .args(args)
        .current_dir(dir)
        .output()
        .expect("git runs");
    assert!(
        output.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).trim().to_string()
}
