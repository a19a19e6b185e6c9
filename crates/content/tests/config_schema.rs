//! `quire.schema.json` (what editors complete `quire.yaml` with, also served by the API) is
//! assembled from each kind's schema beside its reader (`QUIRE_BLESS=1 cargo test -p content`
//! writes it anew), and it and the config reader agree: each kind's schema names the options its
//! reader takes, every bundled `quire.yaml` fits both, and each broken config below is refused by
//! both.

use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn schema() -> jsonschema::Validator {
    let text = std::fs::read_to_string(root().join("quire.schema.json")).expect("the schema");
    let schema: serde_json::Value = serde_json::from_str(&text).expect("the schema is JSON");
    jsonschema::validator_for(&schema).expect("the schema compiles")
}

/// A YAML config as the JSON the schema describes.
fn json(text: &str) -> serde_json::Value {
    content::yaml::parse(text)
        .expect("valid YAML")
        .value
        .to_json()
}

#[test]
fn bundled_configs_fit_the_schema_and_the_reader() {
    let schema = schema();
    let mut configs = vec![root().join("examples/blog/quire.yaml")];
    for site in std::fs::read_dir(root().join("fixtures/sites")).expect("fixtures") {
        let config = site.expect("entry").path().join("quire.yaml");
        if config.exists() {
            configs.push(config);
        }
    }
    assert!(configs.len() >= 2);
    for path in configs {
        let text = std::fs::read_to_string(&path).expect("read");
        let errors: Vec<String> = schema
            .iter_errors(&json(&text))
            .map(|e| format!("{}: {e}", e.instance_path()))
            .collect();
        assert!(errors.is_empty(), "{}: {errors:#?}", path.display());
        assert!(
            content::config::parse(&text).is_ok(),
            "{} is read",
            path.display()
        );
    }
}

const COLLECTION: &str = "collections:\n  posts:\n    path: posts/*\n    slugField: title\n    schema:\n      title: { kind: slug, label: Title }\n";

#[test]
fn broken_configs_are_refused_by_both() {
    let schema = schema();
    let cases = [
        ("a misspelt section", format!("colections: {{}}\n{COLLECTION}")),
        ("an unknown storage kind", format!("storage: {{ kind: ftp }}\n{COLLECTION}")),
        ("a repository named in the config", format!("storage: {{ kind: git, repo: content }}\n{COLLECTION}")),
        ("an unknown field kind", COLLECTION.replace("kind: slug", "kind: slugg")),
        ("a collection path without a glob", COLLECTION.replace("posts/*", "posts")),
        (
            "a switch that is no switch",
            COLLECTION.replace(
                "title: { kind: slug, label: Title }",
                "title: { kind: slug, label: Title }\n      x: { kind: text, label: X, multiline: 'yes' }",
            ),
        ),
        ("a format that is no format", COLLECTION.replace("    slugField", "    format: toml\n    slugField")),
        (
            "a length that is no number",
            COLLECTION.replace(
                "title: { kind: slug, label: Title }",
                "title: { kind: slug, label: Title }\n      x: { kind: text, label: X, validation: { length: { min: many } } }",
            ),
        ),
        (
            "an option of the wrong kind",
            COLLECTION.replace(
                "title: { kind: slug, label: Title }",
                "title: { kind: slug, label: Title }\n      x: { kind: checkbox, label: X, defaultValue: 'yes' }",
            ),
        ),
    ];
    for (name, text) in cases {
        assert!(
            !schema.is_valid(&json(&text)),
            "the schema takes {name}:\n{text}"
        );
        assert!(
            content::config::parse(&text).is_err(),
            "the reader takes {name}:\n{text}"
        );
    }
}

#[test]
fn the_schema_file_is_assembled_from_the_kinds() {
    let path = root().join("quire.schema.json");
    let wanted = content::config_schema::json_schema_text();
    if std::env::var_os("QUIRE_BLESS").is_some() {
        std::fs::write(&path, &wanted).expect("write quire.schema.json");
        return;
    }
    let found = std::fs::read_to_string(&path).expect("quire.schema.json");
    assert!(
        found == wanted,
        "quire.schema.json is stale: run `QUIRE_BLESS=1 cargo test -p content`"
    );
}

/// Options a kind's schema offers beyond its top-level reader, because another reader takes them.
const ELSEWHERE: &[(&str, &str)] = &[];

#[test]
fn each_kinds_schema_names_the_options_its_reader_takes() {
    let common = ["kind", "label", "description"];
    for kind in content::kinds::KINDS {
        for name in kind.names {
            let (Some(options), Some(schema)) = (
                content::kinds::options_of(name),
                content::kinds::schema_of(name),
            ) else {
                continue;
            };
            let schema: serde_json::Value = serde_json::from_str(schema).expect("JSON");
            let mut offered: Vec<&str> = schema["properties"]
                .as_object()
                .expect("properties")
                .keys()
                .map(String::as_str)
                .filter(|key| !common.contains(key))
                .filter(|key| !ELSEWHERE.contains(&(*name, *key)))
                .collect();
            let mut read: Vec<&str> = options.to_vec();
            offered.sort();
            read.sort();
            assert_eq!(offered, read, "{name}: the schema and the reader differ");
        }
    }
}

#[test]
fn the_locales_quire_yaml_takes_are_the_admins() {
    let source =
        std::fs::read_to_string(root().join("web/src/lib/messages/locale.ts")).expect("locale.ts");
    let list = source
        .split("export const supportedLocales = [")
        .nth(1)
        .and_then(|rest| rest.split("]").next())
        .expect("supportedLocales");
    let admin: Vec<&str> = list
        .split(',')
        .map(|item| item.trim().trim_matches('\''))
        .filter(|item| !item.is_empty())
        .collect();
    assert_eq!(admin, content::config::ADMIN_LOCALES);
}
