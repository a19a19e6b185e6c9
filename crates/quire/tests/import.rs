//! `quire import` on Keystatic configs as sites write them (helpers, shared option objects,
//! components in other files, `.tsx` with JSX previews, nested fields), evaluated with
//! `@keystatic/core` 0.5.51 (and 0.6.9) as a site would have it: the test installs it (with React
//! and esbuild) from the npm registry into a temporary folder once, which each site copy links as
//! its `node_modules`.

use std::path::Path;
use std::process::Command;
use std::sync::OnceLock;

/// A folder whose `node_modules` holds the packages a Keystatic site has (with esbuild, as Astro
/// and Next sites have it).
fn packages() -> &'static Path {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    DIR.get_or_init(|| install(&["esbuild@0.25"])).path()
}

/// The same without esbuild.
fn packages_without_esbuild() -> &'static Path {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    DIR.get_or_init(|| install(&[])).path()
}

/// With Keystatic 0.6.9 (the version that wrote the ActivistChecklist corpus) in place of 0.5.
fn packages_0_6() -> &'static Path {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    DIR.get_or_init(|| install(&["@keystatic/core@0.6.9", "esbuild@0.25"]))
        .path()
}

/// Laid out as pnpm lays out a Vite site: esbuild comes with Vite and only Vite can require it.
fn packages_linked_with_vite() -> &'static Path {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    DIR.get_or_init(|| install(&["--install-strategy=linked", "vite@6"]))
        .path()
}

fn install(extra: &[&str]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a temporary directory");
    std::fs::write(
        dir.path().join("package.json"),
        r#"{ "name": "site", "private": true, "type": "module" }"#,
    )
    .expect("package.json");
    let status = Command::new("npm")
        .args([
            "install",
            "--no-audit",
            "--no-fund",
            "--loglevel=error",
            "react@18",
            "react-dom@18",
        ])
        .args(extra)
        .args(
            (!extra.iter().any(|p| p.starts_with("@keystatic/core@")))
                .then_some("@keystatic/core@0.5.51"),
        )
        .current_dir(dir.path())
        .status()
        .expect("npm runs");
    assert!(status.success(), "npm installed @keystatic/core");
    dir
}

/// A copy of `fixtures/import/{name}` with the packages linked in.
fn site(name: &str) -> tempfile::TempDir {
    site_with(name, packages())
}

fn site_with(name: &str, packages: &Path) -> tempfile::TempDir {
    let dir = test_support::copy_site(&format!("fixtures/import/{name}"));
    std::os::unix::fs::symlink(
        packages.join("node_modules"),
        dir.path().join("node_modules"),
    )
    .expect("node_modules linked");
    let _ = std::fs::remove_file(dir.path().join("expected.yaml"));
    dir
}

fn import(root: &Path, extra: &[&str]) -> (bool, String) {
    import_with(root, extra, &[])
}

fn import_with(root: &Path, extra: &[&str], env: &[(&str, &Path)]) -> (bool, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_quire"))
        .args(["import", "--root"])
        .arg(root)
        .args(extra)
        .envs(env.iter().copied())
        .output()
        .expect("quire runs");
    let text = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    (output.status.success(), text)
}

/// The expected quire.yaml of a fixture (written anew with QUIRE_BLESS=1).
fn expect_yaml(name: &str, written: &str) {
    let path = test_support::repo_root().join(format!("fixtures/import/{name}/expected.yaml"));
    if std::env::var_os("QUIRE_BLESS").is_some() {
        std::fs::write(&path, written).expect("blessed");
    }
    let expected = std::fs::read_to_string(&path).expect("expected.yaml");
    assert_eq!(written, expected, "{name}: the imported quire.yaml");
}

#[test]
fn helpers_shared_options_and_components_in_other_files_import_to_quire_yaml() {
    let dir = site("shapes");
    let (ok, output) = import(dir.path(), &[]);
    assert!(ok, "{output}");
    let written = std::fs::read_to_string(dir.path().join("quire.yaml")).expect("written");
    expect_yaml("shapes", &written);
    // What YAML cannot hold is named, in the file and in the output.
    assert!(written.contains("# ContentView: a function (ContentView); left out"));
    assert!(output.contains("note: collections.posts.schema.content.components.note.ContentView"));
    // The result is a config Quire serves: `quire check` passes on the site.
    let check = Command::new(env!("CARGO_BIN_EXE_quire"))
        .args(["check", "--root"])
        .arg(dir.path())
        .output()
        .expect("quire runs");
    assert!(
        check.status.success(),
        "{}",
        String::from_utf8_lossy(&check.stdout)
    );
}

#[test]
fn an_existing_quire_yaml_is_replaced_only_with_force() {
    let dir = site("shapes");
    std::fs::write(dir.path().join("quire.yaml"), "# mine\n").expect("written");
    let (ok, output) = import(dir.path(), &[]);
    assert!(!ok);
    assert!(output.contains("exists; --force replaces it"), "{output}");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("quire.yaml")).unwrap(),
        "# mine\n"
    );
    let (ok, output) = import(dir.path(), &["--force"]);
    assert!(ok, "{output}");
}

#[test]
fn content_the_imported_config_refuses_keeps_it_from_being_written() {
    let dir = site("shapes");
    let post = dir.path().join("content/posts/hello.mdoc");
    let text = std::fs::read_to_string(&post).expect("post");
    std::fs::write(&post, text.replace("draft: false", "draft: sometimes")).expect("written");
    let (ok, output) = import(dir.path(), &[]);
    assert!(!ok);
    assert!(output.contains("content/posts/hello.mdoc"), "{output}");
    assert!(!dir.path().join("quire.yaml").exists(), "nothing written");
}

#[test]
fn blocks_and_a_document_field_with_component_blocks_import_with_github_storage() {
    let dir = site("document-github");
    let (ok, output) = import(dir.path(), &[]);
    assert!(ok, "{output}");
    let written = std::fs::read_to_string(dir.path().join("quire.yaml")).expect("written");
    expect_yaml("document-github", &written);
    assert!(output.contains("componentBlocks.quote.preview: a function (preview); left out"));
    // Keystatic's one narrower child option, heading levels of its own, is carried over.
    assert!(
        written.contains("formatting:\n                  headingLevels: [2]\n"),
        "{written}"
    );
    assert!(!output.contains("headingLevels"), "{output}");
}

#[test]
fn a_javascript_config_under_src_kept_on_keystatic_cloud_stays_on_the_cloud() {
    let dir = site("js-config");
    let (ok, output) = import(dir.path(), &["--config", "src/keystatic.config.js"]);
    assert!(ok, "{output}");
    let written = std::fs::read_to_string(dir.path().join("quire.yaml")).expect("written");
    expect_yaml("js-config", &written);
    // Storage and project are kept as they are: nothing to note.
    assert!(
        written.contains("storage:\n  kind: cloud\ncloud:\n  project: acme/notes\n"),
        "{written}"
    );
    assert!(!output.contains("note:"), "{output}");
    // Without --config the config under src/ is not found, and that is said.
    std::fs::remove_file(dir.path().join("quire.yaml")).expect("removed");
    let (ok, output) = import(dir.path(), &[]);
    assert!(!ok);
    assert!(
        output.contains("no Keystatic config in") && output.contains("name it with --config"),
        "{output}"
    );
}

#[test]
fn an_item_label_that_reads_one_field_becomes_its_name_and_a_fallback_is_noted() {
    let dir = site("shapes");
    let (ok, output) = import(dir.path(), &[]);
    assert!(ok, "{output}");
    let written = std::fs::read_to_string(dir.path().join("quire.yaml")).expect("written");
    assert!(written.contains("        itemLabel: label\n"), "{written}");
    assert!(
        output.contains("itemLabel: shown as \"Untitled\" when empty in Keystatic"),
        "{output}"
    );
}

#[test]
fn a_site_without_esbuild_gets_one_fetched_outside_it() {
    let dir = site_with("shapes", packages_without_esbuild());
    let cache = tempfile::tempdir().expect("a cache folder");
    let env = [("XDG_CACHE_HOME", cache.path())];
    let (ok, output) = import_with(dir.path(), &[], &env);
    assert!(ok, "{output}");
    assert!(
        output.contains("The site has no esbuild: fetching esbuild@0.25 with npm"),
        "{output}"
    );
    assert!(
        cache
            .path()
            .join("quire/esbuild/node_modules/esbuild")
            .is_dir()
    );
    let mut files: Vec<String> = std::fs::read_dir(dir.path())
        .expect("the site")
        .map(|entry| {
            entry
                .expect("entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    files.sort();
    assert_eq!(
        files,
        [
            "content",
            "keystatic-parts",
            "keystatic.config.tsx",
            "node_modules",
            "quire.yaml"
        ],
        "nothing but quire.yaml is written into the site"
    );
    // Fetched once: the next import uses it.
    let (ok, output) = import_with(dir.path(), &["--force"], &env);
    assert!(ok, "{output}");
    assert!(!output.contains("fetching"), "{output}");
}

#[test]
fn a_site_without_its_packages_installed_is_told_to_install_them() {
    let dir = test_support::copy_site("fixtures/import/shapes");
    let cache = tempfile::tempdir().expect("a cache folder");
    let (ok, output) = import_with(dir.path(), &[], &[("XDG_CACHE_HOME", cache.path())]);
    assert!(!ok);
    assert!(
        output.contains("@keystatic/core is not installed in the site: run npm install in"),
        "{output}"
    );
    // Nothing is fetched for a site that cannot be imported anyway.
    assert!(!output.contains("fetching"), "{output}");
    assert!(!dir.path().join("quire.yaml").exists());
}

#[test]
fn a_site_whose_esbuild_comes_with_vite_uses_that_one() {
    let dir = site_with("shapes", packages_linked_with_vite());
    assert!(
        !dir.path().join("node_modules/esbuild").exists(),
        "the site cannot require esbuild itself"
    );
    let cache = tempfile::tempdir().expect("a cache folder");
    let (ok, output) = import_with(dir.path(), &[], &[("XDG_CACHE_HOME", cache.path())]);
    assert!(ok, "{output}");
    assert!(!output.contains("fetching"), "{output}");
    let written = std::fs::read_to_string(dir.path().join("quire.yaml")).expect("written");
    expect_yaml("shapes", &written);
}

#[test]
fn the_example_blogs_keystatic_config_imports_to_its_quire_yaml() {
    imports_to_its_quire_yaml(
        "examples/blog",
        "fixtures/import/blog/keystatic.config.tsx",
        packages(),
    );
}

#[test]
fn the_keystatic_docs_config_imports_to_its_quire_yaml() {
    imports_to_its_quire_yaml(
        "fixtures/sites/keystatic-docs",
        "fixtures/import/keystatic-docs/keystatic.config.tsx",
        packages(),
    );
}

#[test]
fn the_activist_checklist_config_imports_to_its_quire_yaml_with_keystatic_0_6() {
    let output = imports_to_its_quire_yaml(
        "fixtures/sites/activist-checklist-items",
        "fixtures/import/activist-checklist/keystatic.config.tsx",
        packages_0_6(),
    );
    // Entries that open with a notice (raw `<u>` kept as written) do not block the import.
    assert!(
        output.contains("notice: content/en/checklist-items/vpn.mdx:39: The element \"u\" has no component: it is kept as written."),
        "{output}"
    );
    // The repository the site names for GitHub is said, since local storage takes none.
    assert!(
        output.contains("note: storage.repo: repo ActivistChecklist/ActivistChecklist is left out"),
        "{output}"
    );
}

/// The site `site` with the Keystatic config `config` in place of its quire.yaml imports to a
/// config whose normalized form (as the server hands it to the admin) is its quire.yaml's; the
/// import's output.
fn imports_to_its_quire_yaml(site: &str, config: &str, packages: &Path) -> String {
    let dir = test_support::copy_site(site);
    std::fs::remove_file(dir.path().join("quire.yaml")).expect("removed");
    std::fs::copy(
        test_support::repo_root().join(config),
        dir.path().join("keystatic.config.tsx"),
    )
    .expect("copied");
    std::os::unix::fs::symlink(
        packages.join("node_modules"),
        dir.path().join("node_modules"),
    )
    .expect("node_modules linked");
    let (ok, output) = import(dir.path(), &[]);
    assert!(ok, "{output}");
    let normalized = |text: &str| {
        let config = content::config::parse(text).expect("a valid config");
        let mut json = serde_json::to_value(server::wire_config(&config)).expect("JSON");
        without_labels_keystatic_lacks(&mut json);
        serde_json::to_string_pretty(&json).expect("JSON")
    };
    let imported = std::fs::read_to_string(dir.path().join("quire.yaml")).expect("written");
    let hand_written =
        std::fs::read_to_string(test_support::repo_root().join(site).join("quire.yaml"))
            .expect("the site's config");
    assert_eq!(normalized(&imported), normalized(&hand_written), "{site}");
    output
}

/// Keystatic's conditional and ignored fields take no label (Quire's do, and the example gives
/// them one): those labels are left out of the comparison.
fn without_labels_keystatic_lacks(value: &mut serde_json::Value) {
    match value {
        serde_json::Value::Object(map) => {
            if matches!(
                map.get("kind").and_then(|k| k.as_str()),
                Some("conditional" | "ignored")
            ) {
                map.remove("label");
            }
            map.values_mut().for_each(without_labels_keystatic_lacks);
        }
        serde_json::Value::Array(items) => {
            items.iter_mut().for_each(without_labels_keystatic_lacks)
        }
        _ => {}
    }
}

#[test]
fn functions_with_a_rule_become_data() {
    let dir = site("shapes");
    let (ok, output) = import(dir.path(), &[]);
    assert!(ok, "{output}");
    let written = std::fs::read_to_string(dir.path().join("quire.yaml")).expect("written");
    // An array of values named by the value itself.
    assert!(written.contains("        itemLabel: \"{}\"\n"), "{written}");
    // Uploads named as slugs.
    assert!(written.contains("transformFilename: slug\n"), "{written}");
    // A label that chooses by a field it does not show is no template: it is left out, and said.
    assert!(
        output.contains(
            "steps.itemLabel: a function (itemLabel) that does more than show fields; left out"
        ),
        "{output}"
    );
    assert!(
        !output.contains("transformFilename"),
        "nothing left out: {output}"
    );
}

#[test]
fn the_loader_runs_from_a_fresh_folder_only_its_user_may_enter() {
    let dir = site("shapes");
    std::fs::remove_file(dir.path().join("keystatic.config.tsx")).expect("the fixture's config");
    // A config that tells where the loader runs from, and who may enter there.
    std::fs::write(
        dir.path().join("keystatic.config.mjs"),
        "import { statSync } from 'node:fs';\nimport { dirname } from 'node:path';\nconst folder = dirname(process.argv[1]);\nthrow new Error(`loader in ${folder} with mode ${(statSync(folder).mode & 0o777).toString(8)}`);\n",
    )
    .expect("config");
    let temporary = tempfile::tempdir().expect("a temporary folder");
    let (ok, output) = import_with(dir.path(), &[], &[("TMPDIR", temporary.path())]);
    assert!(!ok);
    let told = output
        .lines()
        .find_map(|line| line.split("loader in ").nth(1))
        .unwrap_or_else(|| panic!("{output}"));
    let (folder, mode) = told.split_once(" with mode ").expect("a mode");
    assert!(
        folder.starts_with(&temporary.path().display().to_string()),
        "{folder}"
    );
    assert_eq!(mode.trim(), "700", "only this user may enter");
    assert!(
        !std::path::Path::new(folder).exists(),
        "the folder is gone after the run"
    );
}

#[test]
fn packages_are_looked_for_only_inside_the_site() {
    let outer = tempfile::tempdir().expect("a folder above the site");
    // A package someone left above the site, which would run if it were looked for there.
    let planted = outer.path().join("node_modules/esbuild");
    std::fs::create_dir_all(&planted).expect("planted");
    std::fs::write(
        planted.join("package.json"),
        r#"{ "name": "esbuild", "version": "0.25.0", "main": "index.js" }"#,
    )
    .expect("package.json");
    std::fs::write(
        planted.join("index.js"),
        "require('node:fs').writeFileSync(__dirname + '/ran', 'yes');\nmodule.exports = { version: '0.25.0', build() { throw new Error('the planted esbuild ran'); } };\n",
    )
    .expect("index.js");
    let site = outer.path().join("site");
    let copy = site_with("shapes", packages_without_esbuild());
    std::fs::rename(copy.path(), &site).expect("moved below");
    let cache = tempfile::tempdir().expect("a cache folder");
    let (ok, output) = import_with(&site, &[], &[("XDG_CACHE_HOME", cache.path())]);
    assert!(ok, "{output}");
    assert!(!planted.join("ran").exists(), "{output}");
    assert!(
        output.contains("The site has no esbuild: fetching"),
        "{output}"
    );
}

#[test]
fn storage_chosen_by_an_environment_that_is_not_here_is_said_and_can_be_given() {
    let dir = site("storage-env");
    let written = || std::fs::read_to_string(dir.path().join("quire.yaml"));
    let (ok, output) = import(dir.path(), &[]);
    assert!(!ok, "{output}");
    for words in [
        "storage: the config chose kind github, but its repo's owner and name came out empty",
        "GITHUB_REPO_OWNER",
        "GITHUB_REPO_NAME",
        "--env GITHUB_REPO_OWNER=",
        "--storage local|git|github",
    ] {
        assert!(output.contains(words), "{words}: {output}");
    }
    assert!(written().is_err(), "nothing written");

    // The values the host would set.
    let (ok, output) = import(
        dir.path(),
        &[
            "--env",
            "GITHUB_REPO_OWNER=acme",
            "--env",
            "GITHUB_REPO_NAME=site",
        ],
    );
    assert!(ok, "{output}");
    let yaml = written().expect("written");
    assert!(yaml.contains("kind: github"), "{yaml}");
    assert!(
        yaml.contains("owner: acme") && yaml.contains("name: site"),
        "{yaml}"
    );

    // The branch the config takes while developing.
    let (ok, output) = import(dir.path(), &["--force", "--env", "NODE_ENV=development"]);
    assert!(ok, "{output}");
    assert!(
        written()
            .expect("written")
            .contains("\nstorage:\n  kind: local\n")
    );

    // Another storage than the config chose, said in the file and the output.
    let (ok, output) = import(dir.path(), &["--force", "--storage", "git"]);
    assert!(ok, "{output}");
    let yaml = written().expect("written");
    assert!(yaml.contains("kind: git\n"), "{yaml}");
    assert!(
        output.contains("storage: written as kind git (--storage); the config chose github"),
        "{output}"
    );

    // GitHub asked for, still without its repository: only --env can help.
    let (ok, output) = import(dir.path(), &["--force", "--storage", "github"]);
    assert!(!ok, "{output}");
    assert!(output.contains("give them with --env"), "{output}");
    assert!(!output.contains("--storage local|git|github"), "{output}");
}
