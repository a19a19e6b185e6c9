//! The binary as a user runs it: `quire check` on the bundled sites, and refusing bad configs.

use std::process::Command;

fn quire(args: &[&str]) -> (bool, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_quire"))
        .args(args)
        .output()
        .expect("quire runs");
    let text = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    (output.status.success(), text)
}

fn site(relative: &str) -> String {
    test_support::repo_root()
        .join(relative)
        .display()
        .to_string()
}

#[test]
fn bundled_sites_check_clean() {
    for relative in ["examples/blog", "fixtures/sites/keystatic-docs"] {
        let (ok, text) = quire(&["check", "--root", &site(relative)]);
        assert!(ok, "{relative}: {text}");
        assert!(text.contains("config and content are valid"), "{text}");
    }
}

#[test]
fn check_names_each_broken_file() {
    let dir = test_support::copy_site("examples/blog");
    std::fs::write(
        dir.path().join("content/authors/broken.yaml"),
        "name: Broken\nrole: 12\n",
    )
    .expect("write");
    let (ok, text) = quire(&["check", "--root", &dir.path().display().to_string()]);
    assert!(!ok);
    assert!(
        text.contains("content/authors/broken.yaml: role: Must be a string"),
        "{text}"
    );
}

/// Appends `addition` to a file of the site and gives the line it starts on.
fn append(path: &std::path::Path, addition: &str) -> usize {
    let text = std::fs::read_to_string(path).expect("read");
    let line = text.lines().count() + 2;
    std::fs::write(path, format!("{text}\n{addition}")).expect("write");
    line
}

#[test]
fn check_lists_what_the_admin_would_show_with_its_place() {
    let dir = test_support::copy_site("examples/blog");
    let root = dir.path();
    let post_line = append(
        &root.join("content/posts/welcome-to-the-journal.mdoc"),
        "See {% gallery /%} below.\n",
    );
    let guide_line = append(
        &root.join("content/guides/editing-mdx.mdx"),
        "Press <Shortcut keys=\"S\" /> to save.\n",
    );
    std::fs::write(
        root.join("content/authors/mei-lin.yaml"),
        "name: Mei Lin\nrole: Contributor\n  website: https://example.com/mei\n",
    )
    .expect("write");

    let (ok, text) = quire(&["check", "--root", &root.display().to_string()]);
    assert!(!ok, "{text}");
    for expected in [
        format!(
            "content/posts/welcome-to-the-journal.mdoc:{post_line}: Missing component definition for gallery"
        ),
        format!(
            "content/guides/editing-mdx.mdx:{guide_line}: The element \"Shortcut\" has no component: it is kept as written."
        ),
        "content/authors/mei-lin.yaml:3:10: bad indentation of a mapping entry".to_string(),
    ] {
        assert!(text.contains(&expected), "{expected} missing from:\n{text}");
    }
    assert!(text.contains("3 problem(s)"), "{text}");
}

#[test]
fn check_names_a_block_whose_component_is_gone() {
    let dir = test_support::copy_site("examples/blog");
    let page = dir.path().join("content/pages/about/body.mdoc");
    let line = append(&page, "{% retired %}\nOld text\n{% /retired %}\n");
    let (ok, text) = quire(&["check", "--root", &dir.path().display().to_string()]);
    assert!(!ok, "{text}");
    let expected =
        format!("content/pages/about/body.mdoc:{line}: The block \"retired\" no longer exists.");
    assert!(text.contains(&expected), "{expected} missing from:\n{text}");
}

#[test]
fn check_reports_a_date_that_names_no_day() {
    let dir = test_support::copy_site("examples/blog");
    let post = dir
        .path()
        .join("content/posts/collections-and-singletons.mdoc");
    let text = std::fs::read_to_string(&post).expect("read");
    // js-yaml alone reads this as 2025-02-14; it must be reported, not taken for that day.
    let text = text.replace("publishedDate: 2024-06-26\n", "publishedDate: 2024-13-45\n");
    std::fs::write(&post, text).expect("write");
    let (ok, text) = quire(&["check", "--root", &dir.path().display().to_string()]);
    assert!(!ok, "{text}");
    assert!(
        text.contains(
            "content/posts/collections-and-singletons.mdoc: publishedDate: Published date is not a valid date"
        ),
        "{text}"
    );
    assert!(!text.contains("config and content are valid"), "{text}");
}

#[test]
fn serve_refuses_a_malformed_config_with_its_position() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("quire.yaml"), "collections:\n  posts:\n    path: posts\n    slugField: title\n    schema:\n      title: { kind: slug, label: Title }\n").expect("write");
    let (ok, text) = quire(&[
        "serve",
        "--root",
        &dir.path().display().to_string(),
        "--port",
        "0",
    ]);
    assert!(!ok);
    assert!(
        text.contains(
            "quire.yaml:3:11: collection \"posts\": path \"posts\" must end with /* or /**"
        ),
        "{text}"
    );
}

#[test]
fn a_site_without_quire_yaml_is_pointed_to_quire_import() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().display().to_string();
    let check = ["check", "--root", &root];
    let serve = ["serve", "--root", &root, "--port", "0"];
    for args in [&check[..], &serve[..]] {
        let (ok, text) = quire(args);
        assert!(!ok, "{text}");
        assert!(text.contains("quire.yaml does not exist"), "{text}");
        assert!(
            text.contains(&format!("`quire import --root {root}`")),
            "{text}"
        );
    }
    std::fs::write(
        dir.path().join("keystatic.config.ts"),
        "export default {}\n",
    )
    .expect("write");
    let (ok, text) = quire(&["check", "--root", &root]);
    assert!(!ok);
    assert!(
        text.contains(&format!("this site has keystatic.config.ts; `quire import --root {root}` writes quire.yaml from it")),
        "{text}"
    );
}

#[test]
fn help_explains_every_option() {
    let (ok, text) = quire(&["serve", "--help"]);
    assert!(ok);
    for option in ["--root", "--port", "--host", "quire.yaml", "127.0.0.1"] {
        assert!(text.contains(option), "{option} missing from:\n{text}");
    }
}

#[test]
fn import_says_it_runs_the_sites_code() {
    let (ok, text) = quire(&["import", "--help"]);
    assert!(ok);
    for words in [
        "runs the site's code",
        "Import only sites you trust",
        "only inside the site",
    ] {
        assert!(text.contains(words), "{words} missing from:\n{text}");
    }
}

#[test]
fn sharing_rooms_through_redis_needs_the_sites_secret() {
    let dir = test_support::copy_site("examples/blog");
    let output = Command::new(env!("CARGO_BIN_EXE_quire"))
        .args(["serve", "--port", "0", "--root"])
        .arg(dir.path())
        .env("QUIRE_REDIS_URL", "redis://127.0.0.1:9/")
        .env_remove("QUIRE_REDIS_SECRET")
        .env_remove("KEYSTATIC_SECRET")
        .output()
        .expect("quire runs");
    assert!(!output.status.success());
    let text = String::from_utf8_lossy(&output.stderr);
    assert!(
        text.contains("QUIRE_REDIS_URL needs QUIRE_REDIS_SECRET"),
        "{text}"
    );
}

#[test]
fn check_reports_an_unusable_repository() {
    let dir = test_support::copy_site("examples/blog");
    let config = dir.path().join("quire.yaml");
    let text = std::fs::read_to_string(&config)
        .expect("config")
        .replace("kind: local", "kind: git");
    std::fs::write(&config, text).expect("write");
    Command::new("git")
        .args(["init", "-q"])
        .current_dir(dir.path())
        .status()
        .expect("git init");
    let (ok, text) = quire(&["check", "--root", &dir.path().display().to_string()]);
    assert!(!ok);
    assert!(text.contains("Git repo not initialised"), "{text}");
}

#[test]
fn check_serves_a_text_slug_field_as_keystatic_does_and_says_so() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(
        dir.path().join("quire.yaml"),
        "collections:\n  changelog:\n    label: Changelog\n    path: content/changelog/*\n    slugField: date\n    schema:\n      date: { kind: text, label: Date, validation: { isRequired: true } }\n      summary: { kind: text, label: Summary }\n",
    )
    .expect("config");
    std::fs::create_dir_all(dir.path().join("content/changelog")).expect("folder");
    // The slug is the file's name; the date is never stored.
    std::fs::write(
        dir.path().join("content/changelog/2024-06-01.yaml"),
        "summary: Quieter lists\n",
    )
    .expect("entry");
    let root = dir.path().display().to_string();
    let (ok, text) = quire(&["check", "--root", &root]);
    assert!(ok, "{text}");
    assert!(
        text.contains("warning: collection \"changelog\": slugField \"date\" is a text field"),
        "{text}"
    );
    // A file name no slug may have is refused as the slug field's.
    std::fs::write(
        dir.path().join("content/changelog/ spaced.yaml"),
        "summary: Odd\n",
    )
    .expect("entry");
    let (ok, text) = quire(&["check", "--root", &root]);
    assert!(!ok, "{text}");
    assert!(
        text.contains("Date must not start or end with spaces"),
        "{text}"
    );
}
