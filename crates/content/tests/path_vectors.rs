//! Keystatic's path rules (`vectors/paths`), which the admin's tests run too: where entries live,
//! which slugs a site's files hold, and which entry and role each file an entry writes belongs to.

mod vector_files;

use content::config::{self, Config};
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
