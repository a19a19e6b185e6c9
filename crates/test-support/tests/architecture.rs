//! The code map's invariants (ARCHITECTURE.md), checked: which crates may depend on which, the
//! content crate's modules reading only downward and naming every field kind where they match on
//! one, and every Rust file opening with a `//!` line that says what it is for.

mod rust_sources;

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
        "cloud",
        "content",
        "protocol",
        "storage",
        "storage-fs",
        "storage-git",
        "storage-github",
        "storage-cloud",
        "server",
        "quire",
        "test-support",
        "web-dist",
    ];
    let allowed: BTreeMap<&str, &[&str]> = BTreeMap::from([
        ("cloud", &["storage-github", "web-dist"][..]),
        ("content", &[][..]),
        ("protocol", &[][..]),
        ("storage", &[][..]),
        ("storage-fs", &["storage"][..]),
        ("storage-git", &["storage"][..]),
        ("storage-github", &["storage"][..]),
        ("storage-cloud", &["storage", "storage-github"][..]),
        (
            "server",
            &["content", "protocol", "storage", "web-dist"][..],
        ),
        (
            "quire",
            &[
                "cloud",
                "content",
                "storage",
                "storage-fs",
                "storage-git",
                "storage-github",
                "storage-cloud",
                "server",
            ][..],
        ),
        ("test-support", &[][..]),
        ("web-dist", &[][..]),
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

/// Every crate's modules read only downward: no module names one that names it back, however far
/// round (a `mod.rs` and its children included).
#[test]
fn modules_form_no_circle_in_any_crate() {
    let mut found = Vec::new();
    let mut crates = 0;
    for entry in std::fs::read_dir(repo_root().join("crates")).expect("crates") {
        let src = entry.expect("entry").path().join("src");
        if !src.is_dir() {
            continue;
        }
        crates += 1;
        let edges = rust_sources::edges(&rust_sources::read_sources(&src));
        for circle in rust_sources::circles(&edges) {
            found.push(format!(
                "{}:\n{}",
                src.display(),
                rust_sources::describe(&circle)
            ));
        }
    }
    assert!(
        crates >= 8,
        "the check should see every crate; it saw {crates}"
    );
    assert!(
        found.is_empty(),
        "modules that name each other, however far round:\n{}",
        found.join("\n\n")
    );
}

/// The reader sees a crate's imports (content's, the largest): a check that finds nothing because
/// it reads nothing would pass.
#[test]
fn the_module_reader_sees_content_s_imports() {
    let edges = rust_sources::edges(&rust_sources::read_sources(
        &repo_root().join("crates/content/src"),
    ));
    assert!(
        edges.len() > 50,
        "the reader should see the crate's imports; it found:\n{}",
        rust_sources::describe(&edges)
    );
}

/// The circle check on a small crate: a parent and its child naming each other are found, by a
/// `use` or a path in the code; comments, strings and tests name nothing.
#[test]
fn the_module_graph_finds_circles() {
    let crate_of = |files: &[(&str, &str)]| -> Vec<(String, String)> {
        files
            .iter()
            .map(|(path, text)| (path.to_string(), text.to_string()))
            .collect()
    };
    let knot = crate_of(&[
        ("lib.rs", "//! root\npub mod a;\npub mod b;\n"),
        (
            "a/mod.rs",
            "//! a\nmod c;\npub use c::read;\npub struct Item;\n",
        ),
        (
            "a/c.rs",
            "//! c\npub fn read() -> super::Item { crate::b::make() }\n",
        ),
        (
            "b.rs",
            "//! b\nuse crate::a::{self, Item};\npub fn make() -> Item { Item }\n",
        ),
    ]);
    let circles = rust_sources::circles(&rust_sources::edges(&knot));
    assert_eq!(circles.len(), 1, "{circles:?}");
    let members: Vec<String> = circles[0].iter().map(|e| e.from.join("::")).collect();
    for module in ["a", "a::c", "b"] {
        assert!(members.contains(&module.to_string()), "{members:?}");
    }

    let clean = crate_of(&[
        ("lib.rs", "//! root\npub mod a;\npub mod b;\n"),
        (
            "a.rs",
            "//! names crate::b only in words: \"crate::b::make\"\npub struct Item;\n#[cfg(test)]\nmod tests {\n    use crate::b;\n}\n",
        ),
        (
            "b.rs",
            "//! b\nuse crate::a::Item;\npub fn make() -> Item { Item }\n",
        ),
    ]);
    let edges = rust_sources::edges(&clean);
    assert_eq!(rust_sources::describe(&edges), "  b -> a (b.rs:2)");
    assert!(rust_sources::circles(&edges).is_empty());
}

/// A `match` over field kinds names every kind, so that a new kind does not compile until each
/// place has decided what it does with it (a question about one kind is an `if let` or `matches!`).
#[test]
fn matches_over_field_kinds_name_every_kind() {
    let sources = rust_sources::read_sources(&repo_root().join("crates/content/src"));
    let mut found = Vec::new();
    let mut matches = 0;
    for (path, text) in &sources {
        let code = rust_sources::without_tests(&rust_sources::code_only(text));
        matches += code.matches("FieldKind::").count();
        for line in rust_sources::catch_all_arms(&code, "FieldKind") {
            found.push(format!("crates/content/src/{path}:{line}"));
        }
    }
    assert!(matches > 100, "the check should see the kinds' matches");
    assert!(
        found.is_empty(),
        "matches over field kinds with an arm for every other kind:\n{}",
        found.join("\n")
    );
}

/// The catch-all check on code written as rustfmt lays it out.
#[test]
fn catch_all_arms_over_an_enum_are_found() {
    let code = r#"
fn a(kind: &FieldKind) -> u8 {
    match kind {
        FieldKind::Text { .. } => 1,
        FieldKind::Slug {
            name_default, ..
        } => 2,
        _ => 3,
    }
}
fn b(kind: &FieldKind, value: &Value) -> u8 {
    match (value, kind) {
        (Value::Date(iso), FieldKind::Date { .. }) => 1,
        (value, _) => 2,
    }
}
fn c(kind: &FieldKind) -> u8 {
    match kind {
        FieldKind::Text { .. } => 1,
        other => other.len(),
    }
}
fn d(value: &Value) -> u8 {
    match value {
        Value::Null => 1,
        _ => 2,
    }
}
fn e(kind: &FieldKind) -> u8 {
    match kind {
        FieldKind::Text { .. }
        | FieldKind::Slug { .. } => 1,
        FieldKind::Empty => 2,
    }
}
"#;
    assert_eq!(rust_sources::catch_all_arms(code, "FieldKind"), [8, 14, 20]);
}

/// Every file ARCHITECTURE.md names in backticks (`write.rs`, `fields/stored.ts`,
/// `crates/content/src/kinds/`) exists somewhere in the repository: the code map does not cite
/// files that have gone.
#[test]
fn the_code_map_names_only_files_that_exist() {
    let root = repo_root();
    let map = std::fs::read_to_string(root.join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let mut files = Vec::new();
    let mut folders = vec![root.clone()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("folder").flatten() {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            if ["node_modules", "target", ".git", "dist"].contains(&name.as_str()) {
                continue;
            }
            let relative = path
                .strip_prefix(&root)
                .expect("below the root")
                .to_string_lossy()
                .replace('\\', "/");
            if path.is_dir() {
                files.push(format!("{relative}/"));
                folders.push(path);
            } else {
                files.push(relative);
            }
        }
    }
    let cited: Vec<&str> = map
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|token| {
            !token.contains([' ', '*', '{', '<', '(', '='])
                && token.contains(['/', '.'])
                && [".rs", ".ts", ".tsx", ".mjs", ".json", ".md", ".css", "/"]
                    .iter()
                    .any(|end| token.ends_with(end))
                && !token.starts_with("/api")
                && !token.starts_with("/keystatic")
                && !token.starts_with("~")
        })
        .collect();
    assert!(cited.len() > 30, "only {} files cited", cited.len());
    let missing: Vec<&&str> = cited
        .iter()
        .filter(|token| {
            let token = token.trim_start_matches("./");
            !files
                .iter()
                .any(|file| file == token || file.ends_with(&format!("/{token}")))
        })
        .collect();
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md names files that do not exist: {missing:?}"
    );
}

/// Every source file under `dir` whose name ends with one of `endings`, read.
fn read_files(dir: &Path, endings: &[&str], out: &mut Vec<(PathBuf, String)>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries {
        let path = entry.expect("entry").path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if path.is_dir() {
            if !matches!(name, "node_modules" | "dist" | "target") {
                read_files(&path, endings, out);
            }
        } else if endings.iter().any(|ending| name.ends_with(ending)) {
            let text = std::fs::read_to_string(&path).expect("read");
            out.push((path, text));
        }
    }
}

/// `docs/guarantees.md` names the tests that prove each promise: each Rust test it names is a
/// function, each test file it names exists, and each journey it quotes is a journey's title.
#[test]
fn the_guarantees_name_only_tests_that_exist() {
    let root = repo_root();
    let text = std::fs::read_to_string(root.join("docs/guarantees.md")).expect("guarantees");
    let mut rust = Vec::new();
    read_files(&root.join("crates"), &[".rs"], &mut rust);
    let mut scripts = Vec::new();
    read_files(&root.join("web"), &[".test.ts", ".test.tsx"], &mut scripts);
    read_files(&root.join("e2e/journeys"), &[".test.mjs"], &mut scripts);
    let mut missing = Vec::new();
    let mut named = 0;
    // The last cell of each row of the table: what proves the promise.
    for row in text.lines().filter(|l| l.starts_with("| **")) {
        let proof = row.trim_end_matches('|').rsplit('|').next().unwrap_or("");
        for (i, token) in proof.split('`').enumerate() {
            if i % 2 == 0 {
                continue;
            }
            named += 1;
            let is_test_fn = token.split('_').count() >= 3
                && token
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
            if is_test_fn {
                let fn_name = format!("fn {token}(");
                if !rust.iter().any(|(_, code)| code.contains(&fn_name)) {
                    missing.push(format!("Rust test `{token}`"));
                }
            } else if token.contains(".test.")
                && !scripts.iter().any(|(path, _)| path.ends_with(token))
            {
                missing.push(format!("test file `{token}`"));
            }
        }
        // Journeys are quoted by their titles' start or end ("…" stands for the rest).
        for (i, quoted) in proof.split('"').enumerate() {
            if i % 2 == 0 {
                continue;
            }
            let found = |code: &str| match quoted.strip_prefix('…') {
                Some(end) => code.contains(&format!("{}'", end.trim_start())),
                None => {
                    let start = quoted.trim_end_matches('…').trim_end();
                    code.contains(&format!("test('{start}"))
                        || code.contains(&format!("test(`{start}"))
                }
            };
            if !scripts.iter().any(|(_, code)| found(code)) {
                missing.push(format!("journey \"{quoted}\""));
            }
        }
    }
    assert!(
        named > 50,
        "the table should name its tests; it named {named}"
    );
    assert!(
        missing.is_empty(),
        "docs/guarantees.md names tests that do not exist:\n{}",
        missing.join("\n")
    );
}

/// The content crate's public modules are the ones its API boundary in ARCHITECTURE.md names.
#[test]
fn content_s_public_modules_are_its_documented_boundary() {
    let root = repo_root();
    let lib = std::fs::read_to_string(root.join("crates/content/src/lib.rs")).expect("lib.rs");
    let public: std::collections::BTreeSet<&str> = lib
        .lines()
        .filter_map(|line| line.strip_prefix("pub mod "))
        .map(|rest| rest.trim_end_matches(';'))
        .collect();
    let map = std::fs::read_to_string(root.join("ARCHITECTURE.md")).expect("map");
    let section = &map[map.find("### `crates/content`").expect("content's section")..];
    let section = &section[..section[4..]
        .find("### ")
        .map_or(section.len(), |end| end + 4)];
    let boundary = section
        .split("**API boundary:**")
        .nth(1)
        .expect("content's API boundary")
        .split("\n\n")
        .next()
        .unwrap_or("");
    let named: std::collections::BTreeSet<&str> = boundary
        .split('`')
        .skip(1)
        .step_by(2)
        .map(|token| token.split("::").next().unwrap_or(token))
        .filter(|module| module.chars().all(|c| c.is_ascii_lowercase() || c == '_'))
        .collect();
    assert!(public.len() > 5, "lib.rs should be read: {public:?}");
    assert_eq!(
        public, named,
        "content's `pub mod`s (left) and the modules its API boundary names (right)"
    );
}
