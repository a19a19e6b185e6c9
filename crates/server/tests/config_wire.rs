//! The config the admin receives, as the server writes it (`config_wire.rs`).
//!
//! Every bundled config, every import's expected config and every field of the shared vectors
//! converts to the protocol's types and reads back as the same value, so that no kind is mistaken
//! for another on the way to the admin.
//!
//! The admin's tests use fields and formats normalized here rather than by a copy of the server's
//! defaults: `vectors/config/normalized.json` holds, by the fragment's canonical JSON (keys sorted),
//! every field and format fragment of the vectors, of the bundled sites' `quire.yaml` and of
//! `vectors/config/fragments.json` (those the admin's own tests write), as the server normalizes
//! it. `QUIRE_BLESS=1 cargo test -p server --test config_wire` writes it anew.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_json::{Map, Value, json};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn parse(text: &str) -> content::config::Config {
    content::config::parse(text).unwrap_or_else(|e| panic!("{}\n{text}", e.render("quire.yaml")))
}

/// The wire config, after a trip through JSON; it must come back as it went.
fn wire(what: &str, config: &content::config::Config) -> Value {
    let typed = server::wire_config(config);
    let json = serde_json::to_value(&typed).expect("serializes");
    let again: protocol::config::Config = serde_json::from_value(json.clone())
        .unwrap_or_else(|e| panic!("{what} does not read as the protocol's config: {e}"));
    assert_eq!(again, typed, "{what} changes on its way through JSON");
    json
}

/// Every folder with a `quire.yaml` that the project bundles, and the import fixtures' expected ones.
fn bundled_configs() -> Vec<(String, String)> {
    let mut files = vec![root().join("examples/blog/quire.yaml")];
    for dir in ["fixtures/sites", "fixtures/import"] {
        for site in std::fs::read_dir(root().join(dir)).expect("fixtures") {
            let site = site.expect("entry").path();
            files.push(site.join("quire.yaml"));
            files.push(site.join("expected.yaml"));
        }
    }
    files.sort();
    files
        .into_iter()
        .filter_map(|path| {
            let text = std::fs::read_to_string(&path).ok()?;
            let name = path
                .strip_prefix(root())
                .unwrap_or(&path)
                .display()
                .to_string();
            Some((name, text))
        })
        .collect()
}

#[test]
fn bundled_configs_have_the_protocols_shape() {
    let configs = bundled_configs();
    assert!(configs.len() >= 6, "{} configs", configs.len());
    for (name, text) in configs {
        wire(&name, &parse(&text));
    }
}

#[test]
fn an_image_option_that_names_files_as_slugs_reaches_the_admin() {
    let config = parse(
        "singletons:\n  page:\n    path: page\n    schema:\n      body:\n        kind: markdoc\n        label: Body\n        options: { image: { directory: public/images, transformFilename: slug } }\n",
    );
    let json = wire("transformFilename", &config);
    assert_eq!(
        json["singletons"]["page"]["schema"]["body"]["options"]["image"],
        json!({ "directory": "public/images", "transformFilename": "slug" })
    );
}

/// A config that holds `fragment` as the field `field` of a singleton, with the collections that
/// it names by `collection`, and the format `format`.
fn config_holding(schema: &Map<String, Value>, format: Option<&Value>) -> String {
    let mut collections = Vec::new();
    named_collections(&Value::Object(schema.clone()), &mut collections);
    let mut text = String::from(
        "collections:\n  stub: { path: stub/*, slugField: s, schema: { s: { kind: slug, label: S } } }\n",
    );
    for name in collections {
        text += &format!(
            "  {name}: {{ path: {name}/*, slugField: s, schema: {{ s: {{ kind: slug, label: S }} }} }}\n"
        );
    }
    let singleton = match format {
        Some(format) => json!({ "path": "page", "format": format, "schema": schema }),
        None => json!({ "path": "page", "schema": schema }),
    };
    text + &format!("singletons:\n  page: {singleton}\n")
}

fn named_collections(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            if let Some(Value::String(name)) = map.get("collection")
                && !out.contains(name)
                && name != "stub"
            {
                out.push(name.clone());
            }
            map.values().for_each(|v| named_collections(v, out));
        }
        Value::Array(items) => items.iter().for_each(|v| named_collections(v, out)),
        _ => {}
    }
}

/// The JSON with every object's keys sorted, compact: the key the admin's tests look fragments up by.
fn canonical(value: &Value) -> String {
    fn sorted(value: &Value) -> Value {
        match value {
            Value::Object(map) => {
                let ordered: BTreeMap<&String, Value> =
                    map.iter().map(|(k, v)| (k, sorted(v))).collect();
                Value::Object(ordered.into_iter().map(|(k, v)| (k.clone(), v)).collect())
            }
            Value::Array(items) => Value::Array(items.iter().map(sorted).collect()),
            other => other.clone(),
        }
    }
    serde_json::to_string(&sorted(value)).expect("JSON")
}

#[derive(Default)]
struct Fragments {
    fields: Vec<Value>,
    /// A format with the schema beside it (its `contentField` names one of its fields).
    formats: Vec<(Value, Map<String, Value>)>,
}

impl Fragments {
    /// Field fragments under `field` or in a `schema`, and formats, anywhere in `value`.
    fn collect(&mut self, value: &Value) {
        match value {
            Value::Object(map) => {
                for (key, item) in map {
                    match (key.as_str(), item) {
                        ("field", Value::Object(field)) if field.contains_key("kind") => {
                            self.fields.push(item.clone())
                        }
                        ("schema", Value::Object(schema)) if is_schema(schema) => {
                            self.fields.extend(schema.values().cloned())
                        }
                        ("format", Value::Object(_)) => {
                            let schema = match map.get("schema") {
                                Some(Value::Object(schema)) if is_schema(schema) => schema.clone(),
                                _ => Map::new(),
                            };
                            self.formats.push((item.clone(), schema))
                        }
                        _ => self.collect(item),
                    }
                }
            }
            Value::Array(items) => items.iter().for_each(|item| self.collect(item)),
            _ => {}
        }
    }
}

fn is_schema(schema: &Map<String, Value>) -> bool {
    schema
        .values()
        .all(|field| field.get("kind").is_some_and(Value::is_string))
}

fn json_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("vectors") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            json_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "json")
            && !path.ends_with("config/normalized.json")
        {
            out.push(path);
        }
    }
}

/// Every fragment normalized, keyed by its canonical JSON.
fn normalized() -> Value {
    let mut fragments = Fragments::default();
    let mut files = Vec::new();
    json_files(&root().join("vectors"), &mut files);
    files.sort();
    for path in files {
        let text = std::fs::read_to_string(&path).expect("read");
        let value: Value =
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        fragments.collect(&value);
    }
    for (_, text) in bundled_configs() {
        fragments.collect(&content::yaml::parse(&text).expect("YAML").value.to_json());
    }
    let mut fields = BTreeMap::new();
    for fragment in &fragments.fields {
        let key = canonical(fragment);
        if fields.contains_key(&key) {
            continue;
        }
        let schema: Map<String, Value> = [("field".to_string(), fragment.clone())]
            .into_iter()
            .collect();
        let config = parse(&config_holding(&schema, None));
        let json = wire(&key, &config);
        fields.insert(key, json["singletons"]["page"]["schema"]["field"].clone());
    }
    let mut formats = BTreeMap::new();
    for (format, schema) in &fragments.formats {
        let key = canonical(format);
        if formats.contains_key(&key) {
            continue;
        }
        let json = wire(&key, &parse(&config_holding(schema, Some(format))));
        formats.insert(key, json["singletons"]["page"]["format"].clone());
    }
    json!({ "fields": fields, "formats": formats })
}

#[test]
fn the_admins_tests_use_fragments_as_the_server_normalizes_them() {
    let path = root().join("vectors/config/normalized.json");
    let written = serde_json::to_string_pretty(&normalized()).expect("JSON") + "\n";
    if std::env::var_os("QUIRE_BLESS").is_some() {
        std::fs::write(&path, &written).expect("written");
    }
    let found = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        found == written,
        "vectors/config/normalized.json is stale: run `QUIRE_BLESS=1 cargo test -p server --test config_wire`"
    );
}
