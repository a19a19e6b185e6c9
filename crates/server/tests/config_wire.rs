//! The config the admin receives has exactly the protocol's shape (from which the admin's
//! `config.ts` is generated): every bundled config and every field of the shared vectors, turned
//! into JSON by the server, reads as `protocol::config` types and writes back to the same JSON.

use std::path::PathBuf;

use serde_json::Value;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn round_trip(what: &str, json: Value) {
    let typed: protocol::config::Config = serde_json::from_value(json.clone())
        .unwrap_or_else(|e| panic!("{what} does not read as the protocol's config: {e}"));
    let again = serde_json::to_value(&typed).expect("serializes");
    assert_eq!(
        again, json,
        "{what} changes on its way through the protocol"
    );
}

#[test]
fn bundled_configs_have_the_protocols_shape() {
    let mut sites = vec![root().join("examples/blog")];
    for site in std::fs::read_dir(root().join("fixtures/sites")).expect("fixtures") {
        sites.push(site.expect("entry").path());
    }
    for site in sites {
        let path = site.join("quire.yaml");
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let config = content::config::parse(&text).expect("valid config");
        round_trip(&path.display().to_string(), config.to_json());
    }
}

#[test]
fn every_vector_field_has_the_protocols_shape() {
    let dir = root().join("vectors/fields");
    let mut count = 0;
    for file in std::fs::read_dir(&dir).expect("vectors") {
        let path = file.expect("entry").path();
        let vector: Value =
            serde_json::from_str(&std::fs::read_to_string(&path).expect("read")).expect("JSON");
        for case in vector["cases"].as_array().into_iter().flatten() {
            let field = serde_json::to_string(&case["field"]).expect("field");
            let text = format!(
                "collections:\n  items:\n    path: items/*\n    slugField: s\n    schema:\n      s: {{ kind: slug, label: S }}\n      field: {field}\n  posts: {{ path: posts/*, slugField: s, schema: {{ s: {{ kind: slug, label: S }} }} }}\n  authors: {{ path: authors/*, slugField: s, schema: {{ s: {{ kind: slug, label: S }} }} }}\n"
            );
            let Ok(config) = content::config::parse(&text) else {
                continue;
            };
            round_trip(
                &format!("{}: {}", path.display(), case["name"]),
                config.to_json(),
            );
            count += 1;
        }
    }
    assert!(count > 100, "only {count} fields read");
}
