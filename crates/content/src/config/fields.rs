//! Reads the fields of a schema, by kind. Options use Keystatic's names; the normalized forms that
//! the admin receives (see `json.rs`) are accepted as input too.

use super::components;
use super::composite;
use super::document;
use super::model::*;
use super::nested::ReadFields;
use super::reading::{Cx, present};
use super::validation::is_required;
use crate::timestamp::{date_from_iso, is_valid_date_string};
use crate::value::{Node, Value};

/// Kinds that Keystatic has and Quire does not edit yet (they belong to the rich-text editor).
const UNSUPPORTED_KINDS: &[&str] = &["emptyContent", "emptyDocument"];

const COMMON: &[&str] = &["kind", "label", "description"];

pub(super) fn read_schema(cx: &mut Cx, node: Option<&Node>, what: &str, owner: &Node) -> Schema {
    let Some(node) = node else {
        cx.error(owner, format!("{what}: schema is required"));
        return Vec::new();
    };
    let Some(entries) = cx.mapping(node, &format!("{what} schema")) else {
        return Vec::new();
    };
    entries
        .iter()
        .filter_map(|(key, value)| Some((key.clone(), read_field(cx, key, value, what)?)))
        .collect()
}

impl ReadFields for Cx {
    fn field(&mut self, key: &str, node: &Node, owner: &str) -> Option<Field> {
        read_field(self, key, node, owner)
    }

    fn schema(&mut self, node: Option<&Node>, what: &str, owner: &Node) -> Schema {
        read_schema(self, node, what, owner)
    }
}

/// Reads one field; `key` names it in messages.
fn read_field(cx: &mut Cx, key: &str, node: &Node, owner: &str) -> Option<Field> {
    let what = format!("{owner} field \"{key}\"");
    let entries = cx.mapping(node, &what)?;
    let Some(kind) = cx.string(entries, "kind", &what) else {
        cx.error(node, format!("{what}: kind is required"));
        return None;
    };
    let label = cx
        .string(entries, "label", &what)
        .unwrap_or_else(|| key.to_string());
    let description = cx.string(entries, "description", &what);
    let allow = |cx: &mut Cx, extra: &[&str]| {
        let allowed: Vec<&str> = COMMON.iter().chain(extra).copied().collect();
        cx.known_keys(entries, &allowed, &what);
    };
    let kind = match kind.as_str() {
        "text" => {
            allow(cx, &["multiline", "defaultValue", "validation"]);
            FieldKind::Text {
                multiline: cx.boolean(entries, "multiline", &what).unwrap_or(false),
                default_value: cx
                    .string(entries, "defaultValue", &what)
                    .unwrap_or_default(),
                validation: text_validation(cx, present(entries, "validation"), &what, 0),
            }
        }
        "slug" => {
            allow(cx, &["name", "slug"]);
            read_slug(cx, entries, &what)
        }
        "integer" => {
            allow(cx, &["defaultValue", "validation"]);
            let default_value = cx.number(entries, "defaultValue", &what);
            if let (Some(n), Some(at)) = (default_value, present(entries, "defaultValue"))
                && n.fract() != 0.0
            {
                cx.error(at, format!("{what}: defaultValue must be a whole number"));
            }
            let (validation, _) =
                number_validation(cx, present(entries, "validation"), &what, false);
            FieldKind::Integer {
                default_value,
                validation,
            }
        }
        "number" => {
            allow(cx, &["defaultValue", "step", "validation"]);
            let (validation, validate_step) =
                number_validation(cx, present(entries, "validation"), &what, true);
            FieldKind::Number {
                default_value: cx.number(entries, "defaultValue", &what),
                step: cx.number(entries, "step", &what),
                validation,
                validate_step,
            }
        }
        "checkbox" => {
            allow(cx, &["defaultValue"]);
            FieldKind::Checkbox {
                default_value: cx.boolean(entries, "defaultValue", &what).unwrap_or(false),
            }
        }
        "select" => {
            allow(cx, &["options", "defaultValue"]);
            read_select(cx, entries, &what, node)
        }
        "date" | "datetime" => {
            allow(cx, &["defaultValue", "validation"]);
            let is_date = kind == "date";
            let default_value = read_date_default(cx, entries, &what, is_date);
            let validation = date_validation(cx, present(entries, "validation"), &what, is_date);
            if is_date {
                FieldKind::Date {
                    default_value,
                    validation,
                }
            } else {
                FieldKind::Datetime {
                    default_value,
                    validation,
                }
            }
        }
        "url" => {
            allow(cx, &["defaultValue", "validation"]);
            let validation = present(entries, "validation").and_then(|v| cx.mapping(v, &what));
            if let Some(v) = validation {
                cx.known_keys(v, &["isRequired"], &format!("{what} validation"));
            }
            FieldKind::Url {
                default_value: cx
                    .string(entries, "defaultValue", &what)
                    .filter(|s| !s.is_empty()),
                is_required: validation
                    .and_then(|v| cx.boolean(v, "isRequired", &what))
                    .unwrap_or(false),
            }
        }
        "markdoc" | "mdx" => {
            allow(cx, &["extension", "options", "components"]);
            let content_kind = if kind == "markdoc" {
                ContentKind::Markdoc
            } else {
                ContentKind::Mdx
            };
            let default_extension = if kind == "markdoc" { "mdoc" } else { "mdx" };
            let extension = cx
                .string(entries, "extension", &what)
                .unwrap_or_else(|| default_extension.into());
            if extension != default_extension && extension != "md" {
                let at = present(entries, "extension").unwrap_or(node);
                cx.error(
                    at,
                    format!("{what}: extension must be {default_extension} or md"),
                );
            }
            FieldKind::Content {
                kind: content_kind,
                extension,
                options: components::options(cx, present(entries, "options"), &what),
                components: components::read(cx, present(entries, "components"), &what),
            }
        }
        "document" => {
            allow(cx, document::OPTIONS);
            document::read(cx, entries, &what)
        }
        "multiselect" => {
            allow(cx, &["options", "defaultValue"]);
            composite::multiselect(cx, entries, &what, node)
        }
        "file" | "image" => {
            allow(
                cx,
                &["directory", "publicPath", "validation", "transformFilename"],
            );
            composite::asset(cx, entries, &what, kind == "image")
        }
        "cloudImage" => {
            allow(cx, &["validation"]);
            FieldKind::CloudImage {
                is_required: is_required(cx, entries, &what),
            }
        }
        "relationship" | "multiRelationship" => {
            allow(cx, &["collection", "validation"]);
            composite::relationship(cx, entries, &what, node, kind == "multiRelationship")
        }
        "pathReference" => {
            allow(cx, &["pattern", "validation"]);
            FieldKind::PathReference {
                pattern: cx.string(entries, "pattern", &what),
                is_required: is_required(cx, entries, &what),
            }
        }
        "array" => {
            allow(cx, &["element", "itemLabel", "slugField", "validation"]);
            composite::array(cx, entries, &what, node)?
        }
        "blocks" => {
            allow(cx, &["blocks", "validation"]);
            composite::blocks(cx, entries, &what, node)
        }
        "conditional" => {
            allow(cx, &["discriminant", "values"]);
            composite::conditional(cx, entries, &what, node)?
        }
        "object" => {
            allow(cx, &["fields", "layout"]);
            composite::object(cx, entries, &what, node)
        }
        "empty" => {
            allow(cx, &[]);
            FieldKind::Empty
        }
        "ignored" => {
            allow(cx, &[]);
            FieldKind::Ignored
        }
        "child" => {
            cx.error(
                node,
                format!("{what}: a child field belongs at the top of the schema of a document field's component block, or of its asChildTag items"),
            );
            return None;
        }
        other if UNSUPPORTED_KINDS.contains(&other) => {
            let options = entries
                .iter()
                .filter(|(k, _)| !COMMON.contains(&k.as_str()))
                .map(|(k, v)| (k.clone(), v.value.to_json()))
                .collect();
            FieldKind::Unsupported {
                kind: other.to_string(),
                options: serde_json::Value::Object(options),
            }
        }
        other => {
            let at = present(entries, "kind").unwrap_or(node);
            cx.error(at, format!("{what}: unknown field kind \"{other}\""));
            return None;
        }
    };
    Some(Field {
        label,
        description,
        kind,
    })
}

fn text_validation(
    cx: &mut Cx,
    node: Option<&Node>,
    what: &str,
    default_min: usize,
) -> TextValidation {
    let mut validation = TextValidation {
        is_required: false,
        min: default_min,
        max: None,
        pattern: None,
    };
    let Some(entries) = node.and_then(|n| cx.mapping(n, &format!("{what} validation"))) else {
        return validation;
    };
    cx.known_keys(
        entries,
        &["isRequired", "length", "pattern"],
        &format!("{what} validation"),
    );
    validation.is_required = cx.boolean(entries, "isRequired", what).unwrap_or(false);
    if let Some(length) =
        present(entries, "length").and_then(|n| cx.mapping(n, &format!("{what} length")))
    {
        cx.known_keys(
            length,
            &["min", "max"],
            &format!("{what} validation.length"),
        );
        let count = |cx: &mut Cx, key: &str| {
            let n = cx.number(length, key, what)?;
            if n < 0.0 || n.fract() != 0.0 {
                cx.error(
                    present(length, key)?,
                    format!("{what}: length.{key} must be a whole number of at least 0"),
                );
                return None;
            }
            Some(n as usize)
        };
        validation.min = count(cx, "min").unwrap_or(default_min);
        validation.max = count(cx, "max");
    }
    if validation.is_required {
        validation.min = validation.min.max(1);
    }
    if let Some(pattern) =
        present(entries, "pattern").and_then(|n| cx.mapping(n, &format!("{what} pattern")))
    {
        cx.known_keys(
            pattern,
            &["regex", "message"],
            &format!("{what} validation.pattern"),
        );
        let message = cx.string(pattern, "message", what);
        match (cx.string(pattern, "regex", what), present(pattern, "regex")) {
            (Some(source), Some(at)) => match regex::Regex::new(&source) {
                Ok(regex) => validation.pattern = Some(Pattern { regex, message }),
                Err(err) => {
                    // The regex crate's messages span several lines; the last says what is wrong.
                    let text = err.to_string();
                    let reason = text
                        .lines()
                        .last()
                        .unwrap_or_default()
                        .trim_start_matches("error: ")
                        .to_string();
                    cx.error(
                        at,
                        format!(
                            "{what}: pattern.regex is not a valid regular expression: {reason}"
                        ),
                    )
                }
            },
            _ => cx.error(
                entries_node_fallback(pattern),
                format!("{what}: pattern.regex is required"),
            ),
        }
    }
    validation
}

/// The first value of a mapping, for positioning a problem about the mapping itself.
fn entries_node_fallback(entries: &[(String, Node)]) -> &Node {
    static NULL: Node = Node {
        value: Value::Null,
        pos: None,
    };
    entries.first().map(|(_, n)| n).unwrap_or(&NULL)
}

fn read_slug(cx: &mut Cx, entries: &[(String, Node)], what: &str) -> FieldKind {
    let name = present(entries, "name").and_then(|n| cx.mapping(n, &format!("{what} name")));
    let slug = present(entries, "slug").and_then(|n| cx.mapping(n, &format!("{what} slug")));
    let (mut name_default, mut name_validation) =
        (String::new(), text_validation(cx, None, what, 0));
    if let Some(name) = name {
        cx.known_keys(
            name,
            &["label", "description", "defaultValue", "validation"],
            &format!("{what} name"),
        );
        name_default = cx.string(name, "defaultValue", what).unwrap_or_default();
        name_validation = text_validation(cx, present(name, "validation"), what, 0);
    }
    let (mut slug_label, mut slug_description) = ("Slug".to_string(), None);
    let mut slug_validation = text_validation(cx, None, what, 1);
    if let Some(slug) = slug {
        cx.known_keys(
            slug,
            &["label", "description", "validation"],
            &format!("{what} slug"),
        );
        slug_label = cx.string(slug, "label", what).unwrap_or(slug_label);
        slug_description = cx.string(slug, "description", what);
        slug_validation = text_validation(cx, present(slug, "validation"), what, 1);
    }
    FieldKind::Slug {
        name_default,
        name_validation,
        slug_label,
        slug_description,
        slug_validation,
    }
}

fn number_validation(
    cx: &mut Cx,
    node: Option<&Node>,
    what: &str,
    allow_step: bool,
) -> (NumberValidation, bool) {
    let mut validation = NumberValidation {
        is_required: false,
        min: None,
        max: None,
    };
    let Some(entries) = node.and_then(|n| cx.mapping(n, &format!("{what} validation"))) else {
        return (validation, false);
    };
    let allowed: &[&str] = if allow_step {
        &["isRequired", "min", "max", "step"]
    } else {
        &["isRequired", "min", "max"]
    };
    cx.known_keys(entries, allowed, &format!("{what} validation"));
    validation.is_required = cx.boolean(entries, "isRequired", what).unwrap_or(false);
    validation.min = cx.number(entries, "min", what);
    validation.max = cx.number(entries, "max", what);
    let step = allow_step && cx.boolean(entries, "step", what).unwrap_or(false);
    (validation, step)
}

fn read_select(cx: &mut Cx, entries: &[(String, Node)], what: &str, node: &Node) -> FieldKind {
    let options = composite::options(cx, entries, what, node);
    let default_value = match cx.string(entries, "defaultValue", what) {
        Some(value) if options.iter().any(|(_, v)| *v == value) => value,
        Some(value) => {
            let at = present(entries, "defaultValue").unwrap_or(node);
            cx.error(at, format!("{what}: a defaultValue of \"{value}\" was provided for a select field but it does not match the value of one of the options provided"));
            value
        }
        None => options.first().map(|(_, v)| v.clone()).unwrap_or_default(),
    };
    FieldKind::Select {
        options,
        default_value,
    }
}

fn read_date_default(
    cx: &mut Cx,
    entries: &[(String, Node)],
    what: &str,
    is_date: bool,
) -> Option<DateDefault> {
    let node = present(entries, "defaultValue")?;
    let current = if is_date { "today" } else { "now" };
    match &node.value {
        Value::Object(inner)
            if inner.len() == 1
                && present(inner, "kind").and_then(Node::as_str) == Some(current) =>
        {
            Some(DateDefault::Current)
        }
        Value::String(s) if is_valid_date_string(s, is_date) => Some(DateDefault::Value(s.clone())),
        Value::Date(iso) => Some(DateDefault::Value(date_from_iso(iso, is_date))),
        _ => {
            let shape = if is_date {
                "YYYY-MM-DD"
            } else {
                "YYYY-MM-DDTHH:mm"
            };
            cx.error(
                node,
                format!("{what}: defaultValue must be {shape} or {{ kind: {current} }}"),
            );
            None
        }
    }
}

fn date_validation(cx: &mut Cx, node: Option<&Node>, what: &str, is_date: bool) -> DateValidation {
    let mut validation = DateValidation {
        is_required: false,
        min: None,
        max: None,
    };
    let Some(entries) = node.and_then(|n| cx.mapping(n, &format!("{what} validation"))) else {
        return validation;
    };
    cx.known_keys(
        entries,
        &["isRequired", "min", "max"],
        &format!("{what} validation"),
    );
    validation.is_required = cx.boolean(entries, "isRequired", what).unwrap_or(false);
    let bound = |cx: &mut Cx, key: &str| -> Option<String> {
        let at = present(entries, key)?;
        let text = match &at.value {
            Value::String(s) if is_valid_date_string(s, is_date) => Some(s.clone()),
            Value::Date(iso) => Some(date_from_iso(iso, is_date)),
            _ => None,
        };
        if text.is_none() {
            let shape = if is_date {
                "YYYY-MM-DD"
            } else {
                "YYYY-MM-DDTHH:mm"
            };
            cx.error(at, format!("{what}: validation.{key} must be {shape}"));
        }
        text
    };
    validation.min = bound(cx, "min");
    validation.max = bound(cx, "max");
    validation
}
