//! Every field kind has its three homes: its Rust module (`src/kinds/<kind>.rs`), its admin folder
//! (`web/src/fields/<kind>/`) and its shared vectors (`vectors/fields/<name>.json` for each name
//! `quire.yaml` gives it), and nothing stands in any of them for a kind that does not exist.

mod vector_files;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use content::config;
use content::kinds::{KINDS, kind_of};
use serde_json::Value;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The kind's Rust module: its web folder's name in snake case (`cloudImage` → `cloud_image.rs`).
fn module_file(folder: &str) -> String {
    let mut name = String::new();
    for c in folder.chars() {
        if c.is_ascii_uppercase() {
            name.push('_');
        }
        name.push(c.to_ascii_lowercase());
    }
    format!("{name}.rs")
}

/// Names of the entries of `dir` that `keep` accepts.
fn entries(dir: &Path, keep: impl Fn(&Path) -> bool) -> BTreeSet<String> {
    std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("entry").path())
        .filter(|path| keep(path))
        .map(|path| {
            path.file_name()
                .expect("a name")
                .to_string_lossy()
                .into_owned()
        })
        .collect()
}

#[test]
fn every_kind_has_its_module_its_web_folder_and_its_vectors() {
    let modules = entries(&repo().join("crates/content/src/kinds"), |p| {
        p.extension().is_some_and(|e| e == "rs") && !p.ends_with("mod.rs")
    });
    let folders = entries(&repo().join("web/src/fields"), |p| p.is_dir());
    let vectors = entries(&repo().join("vectors/fields"), |p| {
        p.extension().is_some_and(|e| e == "json")
    });
    let mut missing = Vec::new();
    for kind in KINDS {
        let module = module_file(kind.folder);
        if !modules.contains(&module) {
            missing.push(format!(
                "{}: crates/content/src/kinds/{module}",
                kind.folder
            ));
        }
        if !repo()
            .join("web/src/fields")
            .join(kind.folder)
            .join("schema.ts")
            .is_file()
        {
            missing.push(format!(
                "{}: web/src/fields/{}/schema.ts",
                kind.folder, kind.folder
            ));
        }
        for name in kind.names {
            if !vectors.contains(&format!("{name}.json")) {
                missing.push(format!("{}: vectors/fields/{name}.json", kind.folder));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "kinds without a home:\n{}",
        missing.join("\n")
    );

    let known_modules: BTreeSet<String> = KINDS.iter().map(|k| module_file(k.folder)).collect();
    let known_folders: BTreeSet<String> = KINDS.iter().map(|k| k.folder.to_string()).collect();
    let known_vectors: BTreeSet<String> = KINDS
        .iter()
        .flat_map(|k| k.names.iter().map(|name| format!("{name}.json")))
        .collect();
    assert_eq!(
        modules.difference(&known_modules).collect::<Vec<_>>(),
        Vec::<&String>::new(),
        "modules in src/kinds that KINDS does not list"
    );
    assert_eq!(
        folders.difference(&known_folders).collect::<Vec<_>>(),
        Vec::<&String>::new(),
        "folders in web/src/fields that KINDS does not list"
    );
    assert_eq!(
        vectors.difference(&known_vectors).collect::<Vec<_>>(),
        Vec::<&String>::new(),
        "vectors in vectors/fields for names no kind has"
    );
}

/// A config whose one singleton has the vector's field, with a stand-in for a collection it names.
fn config_with(field: &Value) -> config::Config {
    let mut text = String::new();
    if let Some(collection) = field.get("collection").and_then(Value::as_str) {
        text.push_str(&format!(
            "collections:\n  {collection}:\n    path: {collection}/*\n    slugField: s\n    schema: {{ s: {{ kind: slug, label: S }} }}\n"
        ));
    }
    text.push_str(&format!(
        "singletons:\n  item:\n    path: item\n    schema: {{ field: {field} }}\n"
    ));
    config::parse(&text).unwrap_or_else(|e| panic!("{}\n{text}", e.render("vector")))
}

/// Each name reads into its own kind: `KINDS`, the config reader and `FieldKind` agree.
#[test]
fn every_name_reads_into_its_kind() {
    let mut checked = 0;
    for (file, vector) in vector_files::read::<Value>("fields") {
        let name = file.trim_end_matches(".json");
        let kind = KINDS
            .iter()
            .find(|k| k.names.contains(&name))
            .unwrap_or_else(|| panic!("{file}: no kind is called {name}"));
        for case in vector["cases"].as_array().expect("cases") {
            let config = config_with(&case["field"]);
            let field = &config.singleton("item").expect("the singleton").schema[0].1;
            assert_eq!(kind_of(&field.kind), *kind, "{file}: {}", case["name"]);
            assert_eq!(field.kind.name(), name, "{file}: {}", case["name"]);
            checked += 1;
        }
    }
    assert!(checked > 100, "only {checked} vector fields read");
}

/// Every name has its options and its JSON Schema (one row each in the reader's table).
#[test]
fn every_name_has_its_options_and_its_schema() {
    for kind in KINDS {
        for name in kind.names {
            assert!(
                content::kinds::options_of(name).is_some(),
                "options of {name}"
            );
            assert!(
                content::kinds::schema_of(name).is_some(),
                "schema of {name}"
            );
        }
    }
}
