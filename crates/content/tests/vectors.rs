//! The shared vectors (`vectors/`), which the admin's tests run too: every field message, and every
//! file the admin writes must read back without a problem.

mod vector_files;

use content::config::{self, Config};
use content::entry::parse_entry_file;
use content::validate::{EntryContext, SlugContext, validate_entry};
use serde_json::Value;

fn vectors(folder: &str) -> Vec<(String, Value)> {
    vector_files::read(folder)
}

/// Collections that relationship fields of `value` name.
fn referenced_collections(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            if let (Some(Value::String(kind)), Some(Value::String(collection))) =
                (map.get("kind"), map.get("collection"))
                && kind.contains("elationship")
                && !out.contains(collection)
            {
                out.push(collection.clone());
            }
            map.values().for_each(|v| referenced_collections(v, out));
        }
        Value::Array(items) => items.iter().for_each(|v| referenced_collections(v, out)),
        _ => {}
    }
}

/// A config whose one collection or singleton has `schema` (JSON is YAML's flow syntax), plus a
/// stand-in for every collection its relationship fields name.
fn config_with(schema: &Value, format: &Value, slug_field: Option<&str>, glob: &str) -> Config {
    let mut referenced = Vec::new();
    referenced_collections(schema, &mut referenced);
    let stand_ins: String = referenced
        .iter()
        .filter(|name| slug_field.is_none() || name.as_str() != "items")
        .map(|name| format!("  {name}:\n    path: {name}/*\n    slugField: s\n    schema: {{ s: {{ kind: slug, label: S }} }}\n"))
        .collect();
    let text = match slug_field {
        Some(slug_field) => format!(
            "collections:\n{stand_ins}  items:\n    path: items/{glob}\n    slugField: {slug_field}\n    format: {format}\n    schema: {schema}\n"
        ),
        None => format!(
            "collections:\n{stand_ins}singletons:\n  item:\n    path: item\n    format: {format}\n    schema: {schema}\n"
        ),
    };
    config::parse(&text).unwrap_or_else(|e| {
        panic!(
            "vector config does not parse: {}\n{text}",
            e.render("vector")
        )
    })
}

/// The schema under test: the singleton's, or the `items` collection's.
fn schema_of(config: &Config) -> &config::Schema {
    config
        .singleton("item")
        .map(|s| &s.schema)
        .or_else(|| config.collection("items").map(|c| &c.schema))
        .expect("one schema")
}

#[test]
fn field_vectors_give_the_same_messages() {
    let mut failures = Vec::new();
    let mut count = 0;
    for (file, vector) in vectors("fields") {
        for case in vector["cases"].as_array().expect("cases") {
            count += 1;
            let name = format!("{file}: {}", case["name"].as_str().unwrap_or("?"));
            let schema = serde_json::json!({ "field": case["field"] });
            let format = case["format"].as_str().unwrap_or("yaml");
            let config = config_with(&schema, &Value::String(format.into()), None, "*");
            let data_format = match format {
                "json" => config::DataFormat::Json,
                _ => config::DataFormat::Yaml,
            };
            let data = case["data"].as_str().expect("data");
            let rules = &case["slugRules"];
            let taken: Vec<String> = rules["slugs"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|s| s.as_str().map(String::from))
                .collect();
            let slug = SlugContext {
                field: "field",
                slug: None,
                nested: rules["glob"] == "**",
                taken: &taken,
            };
            let context = EntryContext {
                slug: rules.is_object().then_some(slug),
            };
            // Whether the admin opens the entry: every problem breaks a rule, none is a wrong shape.
            let (found, opens): (Vec<String>, bool) =
                match parse_entry_file(data.as_bytes(), data_format, false) {
                    Ok(file) => {
                        let problems = validate_entry(schema_of(&config), &file.data, context);
                        let opens = problems.iter().all(|p| !p.is_shape);
                        (problems.into_iter().map(|p| p.message).collect(), opens)
                    }
                    Err(err) => (vec![err.to_string()], false),
                };
            let expected: Vec<String> =
                serde_json::from_value(case["errors"].clone()).expect("errors");
            let expected_opens = case["opens"].as_bool().unwrap_or(true);
            if found != expected || opens != expected_opens {
                failures.push(format!(
                    "{name}\n  expected {expected:?} (opens: {expected_opens})\n  found    {found:?} (opens: {opens})"
                ));
            }
        }
    }
    assert!(count > 50, "only {count} field cases");
    assert!(
        failures.is_empty(),
        "{} of {count} cases differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn serialized_files_read_back_without_problems() {
    let mut failures = Vec::new();
    for (file, vector) in vectors("serialize") {
        let slug_field = vector["slugField"].as_str();
        let config = config_with(&vector["schema"], &vector["format"], slug_field, "*");
        let format = match config.collection("items") {
            Some(c) => &c.format,
            None => {
                &config
                    .singleton("item")
                    .expect("the singleton under test")
                    .format
            }
        };
        let (format, has_content) = (format.data, format.content_field.is_some());
        let slug = slug_field
            .and_then(|f| vector["state"][f]["slug"].as_str())
            .unwrap_or_default()
            .to_string();
        let context = EntryContext {
            slug: slug_field.map(|field| SlugContext {
                field,
                slug: Some(&slug),
                nested: false,
                taken: &[],
            }),
        };
        let data = vector["files"]["data"].as_str().expect("files.data");
        match parse_entry_file(data.as_bytes(), format, has_content) {
            Ok(parsed) => {
                let problems = validate_entry(schema_of(&config), &parsed.data, context);
                if !problems.is_empty() {
                    failures.push(format!("{file}: {problems:?}"));
                }
            }
            Err(err) => failures.push(format!("{file}: {err}")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Every file a serialization vector writes (data file, content files, assets) is one the gate lets
/// the entry hold: the admin's file naming and the gate's agree.
#[test]
fn the_gate_accepts_every_file_the_admin_writes() {
    use base64::Engine;
    use content::config::FieldKind;
    use content::paths::{CollectionLayout, singleton_data_file, singleton_dir};
    let mut failures = Vec::new();
    for (file, vector) in vectors("serialize") {
        let slug_field = vector["slugField"].as_str();
        let config = config_with(&vector["schema"], &vector["format"], slug_field, "*");
        let (data_file, entry_dir) = match config.collection("items") {
            Some(c) => {
                let slug = vector["state"][slug_field.unwrap_or_default()]["slug"]
                    .as_str()
                    .expect("the entry's slug");
                let layout = CollectionLayout::new(c);
                (layout.data_file(slug), layout.entry_dir(slug))
            }
            None => {
                let s = config.singleton("item").expect("the singleton under test");
                (singleton_data_file(s), singleton_dir(s).to_string())
            }
        };
        let mut additions = Vec::new();
        for (key, text) in vector["files"].as_object().expect("files") {
            let path = if key == "data" {
                data_file.clone()
            } else {
                let extension = schema_of(&config)
                    .iter()
                    .find_map(|(k, f)| match &f.kind {
                        FieldKind::Content { extension, .. } if k == key => Some(extension),
                        _ => None,
                    })
                    .expect("a content field");
                format!("{entry_dir}/{key}.{extension}")
            };
            let text = text.as_str().expect("file text");
            additions.push((path, text.as_bytes().to_vec()));
        }
        for asset in vector["assets"].as_array().into_iter().flatten() {
            let bytes = base64::engine::general_purpose::STANDARD
                .decode(asset["bytesBase64"].as_str().expect("bytes"))
                .expect("base64");
            additions.push((asset["path"].as_str().expect("path").to_string(), bytes));
        }
        let stored = Default::default();
        if let Err(refusal) = content::gate::check_change_set(&config, &additions, &[], &stored) {
            failures.push(format!("{file}: {refusal}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
