//! `quire.schema.json`, the JSON Schema editors complete `quire.yaml` with (also served by the
//! API), assembled from its parts: the frame (storage, ui, collections, singletons, components,
//! component blocks; `config/quire.schema.frame.json`), each field kind's own schema beside its
//! reader (`kinds/<name>.schema.json`) and the child field's (`config/document/`).
//! `tests/config_schema.rs` fails when the file at the repository's root is not this.

use serde_json::{Value, json};

use crate::kinds::{KINDS, schema_of};

const FRAME: &str = include_str!("config/quire.schema.frame.json");
const CHILD: &str = include_str!("config/document/child.schema.json");

/// The whole schema, as `quire.schema.json` holds it.
pub fn json_schema() -> Value {
    let mut schema: Value = serde_json::from_str(FRAME).unwrap_or(Value::Null);
    let mut names: Vec<&str> = KINDS.iter().flat_map(|k| k.names.iter().copied()).collect();
    names.push("child");
    let parts: Vec<(&str, &str)> = names
        .iter()
        .filter_map(|name| match *name {
            "child" => Some((*name, CHILD)),
            name => schema_of(name).map(|part| (name, part)),
        })
        .collect();
    schema["properties"]["locale"]["enum"] = json!(crate::config::ADMIN_LOCALES.to_vec());
    let field = &mut schema["$defs"]["field"];
    field["properties"]["kind"]["enum"] = json!(names);
    field["allOf"] = parts
        .into_iter()
        .map(|(name, part)| {
            json!({
                "if": { "properties": { "kind": { "const": name } }, "required": ["kind"] },
                "then": serde_json::from_str::<Value>(part).unwrap_or(Value::Null),
            })
        })
        .collect();
    schema
}

/// The schema as the file holds it: pretty JSON and a final newline.
pub fn json_schema_text() -> String {
    let mut text = serde_json::to_string_pretty(&json_schema()).unwrap_or_default();
    text.push('\n');
    text
}
