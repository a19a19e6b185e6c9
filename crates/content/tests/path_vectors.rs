//! Keystatic's path rules (`vectors/paths`) and the names components may not take
//! (`vectors/reserved-names.json`), which the admin's tests run too: where entries live, which slugs
//! a site's files hold, which entry and role each file an entry writes belongs to, and which
//! component names `quire.yaml` refuses.

mod vector_files;

use std::path::PathBuf;

use content::config::{self, Config, EDITOR_NAMES, LAYOUT_TAGS, MARK_TAGS};
use content::entry_files::{Role, claims};
use content::paths::{CollectionLayout, DataLocation, singleton_data_file, singleton_dir};
use serde::Deserialize;
use serde_json::{Map, Value, json};

#[derive(Deserialize)]
struct Cases<T> {
    cases: Vec<T>,
}

#[derive(Deserialize)]
struct CollectionCase {
    name: String,
    path: String,
    format: Option<Value>,
    /// Fields besides the slug field `title`.
    schema: Option<Map<String, Value>>,
    layout: Layout,
    entries: Map<String, Value>,
    tree: Vec<String>,
    slugs: Vec<String>,
}

#[derive(Deserialize, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
struct Layout {
    base: String,
    suffix: String,
    glob: String,
    location: String,
    data_extension: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SingletonCase {
    name: String,
    path: String,
    format: Option<Value>,
    schema: Option<Map<String, Value>>,
    dir: String,
    data_file: String,
}

#[derive(Deserialize)]
struct FilesCase {
    name: String,
    collection: Option<Value>,
    singleton: Option<Value>,
    state: Value,
    files: Map<String, Value>,
}

fn cases<T: serde::de::DeserializeOwned>(file: &str) -> Vec<T> {
    let (_, vector) = vector_files::read::<Value>("paths")
        .into_iter()
        .find(|(name, _)| name == file)
        .unwrap_or_else(|| panic!("no vectors/paths/{file}"));
    let cases: Cases<T> =
        serde_json::from_value(vector).unwrap_or_else(|e| panic!("vectors/paths/{file}: {e}"));
    cases.cases
}

/// The config of one collection `c` or singleton `s` (JSON is YAML's flow syntax).
fn config_of(kind: &str, owner: &Value) -> Config {
    let key = if kind == "collections" { "c" } else { "s" };
    let mut owners = Map::new();
    owners.insert(key.into(), owner.clone());
    let mut config = Map::new();
    config.insert(kind.into(), Value::Object(owners));
    let text = Value::Object(config).to_string();
    config::parse(&text).unwrap_or_else(|e| {
        panic!(
            "vector config does not parse: {}\n{text}",
            e.render("vector")
        )
    })
}

fn owner(path: &str, format: &Option<Value>, schema: Value) -> Value {
    let mut owner = json!({ "path": path, "schema": schema });
    if let Some(format) = format {
        owner["format"] = format.clone();
    }
    owner
}

#[test]
fn collections_place_their_entries_as_keystatic_does() {
    let mut failures = Vec::new();
    for case in cases::<CollectionCase>("collections.json") {
        let mut schema = Map::new();
        schema.insert("title".into(), json!({ "kind": "slug", "label": "Title" }));
        schema.extend(case.schema.clone().unwrap_or_default());
        let mut collection = owner(&case.path, &case.format, Value::Object(schema));
        collection["slugField"] = json!("title");
        let config = config_of("collections", &collection);
        let layout = CollectionLayout::new(config.collection("c").expect("the collection"));
        let found = Layout {
            base: layout.base.clone(),
            suffix: layout.suffix.clone(),
            glob: if layout.nested { "**" } else { "*" }.into(),
            location: match layout.location {
                DataLocation::Index => "index",
                DataLocation::Outer => "outer",
            }
            .into(),
            data_extension: format!(".{}", layout.extension),
        };
        if found != case.layout {
            failures.push(format!("{}: layout {found:?}", case.name));
        }
        for (slug, expected) in &case.entries {
            let found =
                json!({ "dir": layout.entry_dir(slug), "dataFile": layout.data_file(slug) });
            if found != *expected {
                failures.push(format!("{}: the entry {slug} is at {found}", case.name));
            }
        }
        let mut slugs: Vec<String> = case
            .tree
            .iter()
            .filter_map(|path| layout.slug_of_data_file(path))
            .collect();
        slugs.sort();
        if slugs != case.slugs {
            failures.push(format!("{}: slugs {slugs:?}", case.name));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn singletons_keep_their_data_file_by_their_path() {
    let mut failures = Vec::new();
    for case in cases::<SingletonCase>("singletons.json") {
        let schema = Value::Object(case.schema.clone().unwrap_or_default());
        let config = config_of("singletons", &owner(&case.path, &case.format, schema));
        let singleton = config.singleton("s").expect("the singleton");
        let found = (singleton_dir(singleton), singleton_data_file(singleton));
        if found != (case.dir.as_str(), case.data_file.clone()) {
            failures.push(format!("{}: {found:?}", case.name));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Every file the admin writes for an entry belongs, for the gate, to that entry in the role the
/// vector gives it.
#[test]
fn every_file_an_entry_writes_is_the_entrys() {
    let mut failures = Vec::new();
    for case in cases::<FilesCase>("files.json") {
        let (config, key, slug) = match (&case.collection, &case.singleton) {
            (Some(collection), None) => {
                let slug_field = collection["slugField"].as_str().expect("slugField");
                let slug = case.state[slug_field]["slug"]
                    .as_str()
                    .expect("the entry's slug");
                (
                    config_of("collections", collection),
                    "c",
                    Some(slug.to_string()),
                )
            }
            (None, Some(singleton)) => (config_of("singletons", singleton), "s", None),
            _ => panic!("{}: one collection or one singleton", case.name),
        };
        for (path, role) in &case.files {
            let expected = role.as_str().expect("a role");
            let found = claims(&config, path);
            let held = found.iter().any(|claim| {
                claim.entry.key == key
                    && claim.entry.slug == slug
                    && match claim.role {
                        Role::Data => expected == "data" && claim.entry.data_file == *path,
                        Role::Content => expected == "content",
                        Role::Asset(_) => expected == "asset",
                    }
            });
            if !held {
                let roles: Vec<_> = found
                    .iter()
                    .map(|c| (c.entry.slug.clone(), c.role))
                    .collect();
                failures.push(format!(
                    "{}: {path} is not the entry's {expected} file (claims: {roles:?})",
                    case.name
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ReservedNames {
    editor: Vec<String>,
    document_marks: Vec<String>,
    document_layouts: Vec<String>,
}

fn reserved_names() -> ReservedNames {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../vectors/reserved-names.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn sorted(names: impl IntoIterator<Item = impl ToString>) -> Vec<String> {
    let mut names: Vec<String> = names.into_iter().map(|n| n.to_string()).collect();
    names.sort();
    names
}

/// The problems of a page whose `body` field is `field` (YAML), or None when the config reads.
fn refusal(field: &str) -> Option<String> {
    let text = format!("singletons:\n  page:\n    path: page\n    schema:\n      body: {field}\n");
    config::parse(&text).err().map(|e| e.render("quire.yaml"))
}

#[test]
fn component_names_the_editor_uses_itself_are_refused() {
    let names = reserved_names();
    assert_eq!(sorted(EDITOR_NAMES), sorted(&names.editor));
    for name in &names.editor {
        let error = refusal(&format!(
            "{{ kind: markdoc, label: Body, components: {{ '{name}': {{ kind: block }} }} }}"
        ));
        let expected = format!("\"{name}\" is a name of the editor's own");
        assert!(
            error.as_deref().is_some_and(|e| e.contains(&expected)),
            "{name}: {error:?}"
        );
    }
}

#[test]
fn component_blocks_may_not_take_the_tags_a_document_field_writes() {
    let names = reserved_names();
    assert_eq!(sorted(MARK_TAGS), sorted(&names.document_marks));
    assert_eq!(sorted(LAYOUT_TAGS), sorted(&names.document_layouts));
    let block = |name: &str, layouts: &str| {
        refusal(&format!(
            "{{ kind: document, label: Body, {layouts}componentBlocks: {{ '{name}': {{ label: X, schema: {{}} }} }} }}"
        ))
    };
    for name in &names.document_marks {
        let error = block(name, "");
        let expected = format!("the field writes \"{name}\" tags itself");
        assert!(
            error.as_deref().is_some_and(|e| e.contains(&expected)),
            "{name}: {error:?}"
        );
    }
    for name in &names.document_layouts {
        let error = block(name, "layouts: [[1, 1]], ");
        let expected = format!("the field writes \"{name}\" tags itself");
        assert!(
            error.as_deref().is_some_and(|e| e.contains(&expected)),
            "{name}: {error:?}"
        );
        // Without layouts the field writes no such tag: the name is free.
        assert_eq!(block(name, ""), None, "{name}");
    }
}
