//! The code map's invariants (ARCHITECTURE.md), checked: which crates may depend on which, and
//! every Rust file opening with a `//!` line that says what it is for.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use test_support::repo_root;

/// The `[dependencies]` of a crate's Cargo.toml (names only).
fn dependencies(manifest: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(manifest).expect("manifest");
    let mut in_section = false;
    let mut names = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_section = line == "[dependencies]";
        } else if in_section && !line.is_empty() && !line.starts_with('#') {
            let name = line.split(['=', '.', ' ']).next().unwrap_or_default();
            names.push(name.to_string());
        }
    }
    names
}

#[test]
fn crates_depend_only_downward() {
    let ours = [
        "content",
        "protocol",
        "storage",
        "storage-fs",
        "storage-git",
        "server",
        "quire",
        "test-support",
    ];
    let allowed: BTreeMap<&str, &[&str]> = BTreeMap::from([
        ("content", &[][..]),
        ("protocol", &[][..]),
        ("storage", &[][..]),
        ("storage-fs", &["storage"][..]),
        ("storage-git", &["storage"][..]),
        ("server", &["content", "protocol", "storage"][..]),
        (
            "quire",
            &["content", "storage", "storage-fs", "storage-git", "server"][..],
        ),
        ("test-support", &[][..]),
    ]);
    // The content model does no I/O and knows nothing of HTTP or async.
    let never_in_content = [
        "tokio",
        "axum",
        "tower",
        "tower-http",
        "hyper",
        "reqwest",
        "git2",
        "gix",
        "ignore",
    ];
    let mut found: Vec<String> = std::fs::read_dir(repo_root().join("crates"))
        .expect("crates")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    found.sort();
    let mut listed: Vec<&str> = ours.to_vec();
    listed.sort();
    assert_eq!(
        found, listed,
        "every crate has its place in the rules above"
    );
    for name in ours {
        let deps = dependencies(&repo_root().join("crates").join(name).join("Cargo.toml"));
        for dep in &deps {
            if ours.contains(&dep.as_str()) {
                assert!(
                    allowed[name].contains(&dep.as_str()),
                    "{name} must not depend on {dep}"
                );
            }
        }
        if name == "content" || name == "storage" || name == "protocol" {
            for forbidden in never_in_content {
                assert!(
                    !deps.iter().any(|d| d == forbidden),
                    "{name} must not depend on {forbidden}"
                );
            }
        }
    }
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("read dir") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn every_rust_file_says_what_it_is_for() {
    let mut files = Vec::new();
    rust_files(&repo_root().join("crates"), &mut files);
    assert!(files.len() > 20);
    let undocumented: Vec<String> = files
        .iter()
        .filter(|f| !std::fs::read_to_string(f).expect("read").starts_with("//!"))
        .map(|f| f.display().to_string())
        .collect();
    assert!(
        undocumented.is_empty(),
        "files without a //! opening line:\n{}",
        undocumented.join("\n")
    );
}

/// Every write goes through the one pipeline (`server/src/write.rs`): no other part of the server
/// stores a change set.
#[test]
fn only_the_write_pipeline_commits() {
    let mut files = Vec::new();
    rust_files(&repo_root().join("crates/server/src"), &mut files);
    let committing: Vec<String> = files
        .iter()
        .filter(|f| !f.ends_with("write.rs"))
        .filter(|f| {
            let text = std::fs::read_to_string(f).expect("read");
            text.contains(".commit(") || text.contains("Storage::commit")
        })
        .map(|f| f.display().to_string())
        .collect();
    assert!(
        committing.is_empty(),
        "these server files store change sets themselves:\n{}",
        committing.join("\n")
    );
    let pipeline = std::fs::read_to_string(repo_root().join("crates/server/src/write.rs"))
        .expect("the write pipeline");
    assert!(pipeline.contains("storage.commit("));
}
