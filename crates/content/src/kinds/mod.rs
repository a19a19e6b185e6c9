//! Field kinds: one module per kind, named as its folder in `web/src/fields/`, holding what the
//! kind alone knows (reading its options from `quire.yaml`, checking a stored value with the admin's
//! messages, and how a collection's list shows it), and here the one dispatch over them.
//!
//! Every match over [`FieldKind`] names each kind (no catch-all arm), so a new kind does not compile
//! until each place has decided what it does. [`KINDS`] lists the kinds with their web folders and
//! the names `quire.yaml` gives them; `tests/kinds.rs` holds each to its module, its web folder and
//! its shared vectors.

mod array;
mod asset;
mod blocks;
mod checkbox;
mod cloud_image;
pub(crate) mod conditional;
mod content;
mod date;
mod datetime;
mod empty;
mod ignored;
mod integer;
mod multi_relationship;
mod multiselect;
mod number;
mod object;
mod path_reference;
mod relationship;
mod select;
mod slug;
mod text;
mod unsupported;
mod url;

use serde_json::Value as Json;

use crate::config::model::{ContentKind, Field, FieldKind, Schema};
use crate::config::nested::ReadFields;
use crate::config::reading::{Cx, present};
use crate::validate::walk::{self, CheckFields, Walk};
use crate::value::{Node, Pos, Value};

/// A field kind as the admin and `quire.yaml` know it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Kind {
    /// Its folder in `web/src/fields/`; its Rust module here is the same name in snake case.
    pub folder: &'static str,
    /// The `kind` names `quire.yaml` gives it; each has its shared vectors, `vectors/fields/<name>.json`.
    pub names: &'static [&'static str],
}

/// Every field kind.
pub const KINDS: &[Kind] = &[
    TEXT,
    SLUG,
    INTEGER,
    NUMBER,
    CHECKBOX,
    SELECT,
    MULTISELECT,
    DATE,
    DATETIME,
    URL,
    ASSET,
    CLOUD_IMAGE,
    RELATIONSHIP,
    MULTI_RELATIONSHIP,
    PATH_REFERENCE,
    ARRAY,
    BLOCKS,
    CONDITIONAL,
    OBJECT,
    CONTENT,
    EMPTY,
    IGNORED,
    UNSUPPORTED,
];

const fn kind(folder: &'static str, names: &'static [&'static str]) -> Kind {
    Kind { folder, names }
}

const TEXT: Kind = kind("text", &["text"]);
const SLUG: Kind = kind("slug", &["slug"]);
const INTEGER: Kind = kind("integer", &["integer"]);
const NUMBER: Kind = kind("number", &["number"]);
const CHECKBOX: Kind = kind("checkbox", &["checkbox"]);
const SELECT: Kind = kind("select", &["select"]);
const MULTISELECT: Kind = kind("multiselect", &["multiselect"]);
const DATE: Kind = kind("date", &["date"]);
const DATETIME: Kind = kind("datetime", &["datetime"]);
const URL: Kind = kind("url", &["url"]);
const ASSET: Kind = kind("asset", &["file", "image"]);
const CLOUD_IMAGE: Kind = kind("cloudImage", &["cloudImage"]);
const RELATIONSHIP: Kind = kind("relationship", &["relationship"]);
const MULTI_RELATIONSHIP: Kind = kind("multiRelationship", &["multiRelationship"]);
const PATH_REFERENCE: Kind = kind("pathReference", &["pathReference"]);
const ARRAY: Kind = kind("array", &["array"]);
const BLOCKS: Kind = kind("blocks", &["blocks"]);
const CONDITIONAL: Kind = kind("conditional", &["conditional"]);
const OBJECT: Kind = kind("object", &["object"]);
const CONTENT: Kind = kind("content", &["markdoc", "mdx", "document"]);
const EMPTY: Kind = kind("empty", &["empty"]);
const IGNORED: Kind = kind("ignored", &["ignored"]);
const UNSUPPORTED: Kind = kind("unsupported", unsupported::NAMES);

/// The options a field of kind `name` takes besides its kind, label and description; None for a
/// name that is no kind `quire.yaml` reads at the top of a schema.
pub fn options_of(name: &str) -> Option<&'static [&'static str]> {
    Some(match name {
        "text" => text::OPTIONS,
        "slug" => slug::OPTIONS,
        "integer" => integer::OPTIONS,
        "number" => number::OPTIONS,
        "checkbox" => checkbox::OPTIONS,
        "select" => select::OPTIONS,
        "date" => date::OPTIONS,
        "datetime" => datetime::OPTIONS,
        "url" => url::OPTIONS,
        "markdoc" | "mdx" => content::OPTIONS,
        "document" => content::DOCUMENT_OPTIONS,
        "multiselect" => multiselect::OPTIONS,
        "file" | "image" => asset::OPTIONS,
        "cloudImage" => cloud_image::OPTIONS,
        "relationship" => relationship::OPTIONS,
        "multiRelationship" => multi_relationship::OPTIONS,
        "pathReference" => path_reference::OPTIONS,
        "array" => array::OPTIONS,
        "blocks" => blocks::OPTIONS,
        "conditional" => conditional::OPTIONS,
        "object" => object::OPTIONS,
        "empty" => empty::OPTIONS,
        "ignored" => ignored::OPTIONS,
        _ => return None,
    })
}

/// The JSON Schema of a field of kind `name` as `quire.yaml` writes it (`kinds/<name>.schema.json`,
/// beside the kind's reader); None for kinds whose options pass unchecked. `config_schema.rs`
/// assembles `quire.schema.json` from these.
pub fn schema_of(name: &str) -> Option<&'static str> {
    Some(match name {
        "text" => include_str!("text.schema.json"),
        "slug" => include_str!("slug.schema.json"),
        "integer" => include_str!("integer.schema.json"),
        "number" => include_str!("number.schema.json"),
        "checkbox" => include_str!("checkbox.schema.json"),
        "select" => include_str!("select.schema.json"),
        "date" => include_str!("date.schema.json"),
        "datetime" => include_str!("datetime.schema.json"),
        "url" => include_str!("url.schema.json"),
        "markdoc" => include_str!("markdoc.schema.json"),
        "mdx" => include_str!("mdx.schema.json"),
        "document" => include_str!("document.schema.json"),
        "multiselect" => include_str!("multiselect.schema.json"),
        "file" => include_str!("file.schema.json"),
        "image" => include_str!("image.schema.json"),
        "cloudImage" => include_str!("cloudImage.schema.json"),
        "relationship" => include_str!("relationship.schema.json"),
        "multiRelationship" => include_str!("multiRelationship.schema.json"),
        "pathReference" => include_str!("pathReference.schema.json"),
        "array" => include_str!("array.schema.json"),
        "blocks" => include_str!("blocks.schema.json"),
        "conditional" => include_str!("conditional.schema.json"),
        "object" => include_str!("object.schema.json"),
        "empty" => include_str!("empty.schema.json"),
        "ignored" => include_str!("ignored.schema.json"),
        _ => return None,
    })
}

/// The kind a field is.
pub fn kind_of(field: &FieldKind) -> Kind {
    match field {
        FieldKind::Text { .. } => TEXT,
        FieldKind::Slug { .. } => SLUG,
        FieldKind::Integer { .. } => INTEGER,
        FieldKind::Number { .. } => NUMBER,
        FieldKind::Checkbox { .. } => CHECKBOX,
        FieldKind::Select { .. } => SELECT,
        FieldKind::Multiselect { .. } => MULTISELECT,
        FieldKind::Date { .. } => DATE,
        FieldKind::Datetime { .. } => DATETIME,
        FieldKind::Url { .. } => URL,
        FieldKind::Asset { .. } => ASSET,
        FieldKind::CloudImage { .. } => CLOUD_IMAGE,
        FieldKind::Relationship { .. } => RELATIONSHIP,
        FieldKind::MultiRelationship { .. } => MULTI_RELATIONSHIP,
        FieldKind::PathReference { .. } => PATH_REFERENCE,
        FieldKind::Array { .. } => ARRAY,
        FieldKind::Blocks { .. } => BLOCKS,
        FieldKind::Conditional { .. } => CONDITIONAL,
        FieldKind::Object { .. } => OBJECT,
        FieldKind::Content { .. } | FieldKind::InlineContent { .. } => CONTENT,
        FieldKind::Empty => EMPTY,
        FieldKind::Ignored => IGNORED,
        FieldKind::Unsupported { .. } => UNSUPPORTED,
    }
}

/// The options every field takes.
const COMMON: &[&str] = &["kind", "label", "description"];

/// The fields of a schema (required: a problem at `owner` when absent), named after `what`.
pub(crate) fn read_schema(cx: &mut Cx, node: Option<&Node>, what: &str, owner: &Node) -> Schema {
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

/// Reads one field; `key` names it in messages. Options use Keystatic's names; the normalized
/// forms that the admin receives (`config/json.rs`) are accepted as input too.
fn read_field(cx: &mut Cx, key: &str, node: &Node, owner: &str) -> Option<Field> {
    let what = format!("{owner} field \"{key}\"");
    let entries = cx.mapping(node, &what)?;
    let Some(name) = cx.string(entries, "kind", &what) else {
        cx.error(node, format!("{what}: kind is required"));
        return None;
    };
    // Keystatic's slug field is labelled and described by its `name` part.
    let named = |option: &str| (name == "slug").then(|| slug::name_option(entries, option))?;
    let label = cx
        .string(entries, "label", &what)
        .or_else(|| named("label"))
        .unwrap_or_else(|| key.to_string());
    let description = cx
        .string(entries, "description", &what)
        .or_else(|| named("description"));
    if let Some(options) = options_of(&name) {
        let allowed: Vec<&str> = COMMON.iter().chain(options).copied().collect();
        cx.known_keys(entries, &allowed, &what);
    }
    let what = what.as_str();
    let kind = match name.as_str() {
        "text" => text::read(cx, entries, what),
        "slug" => slug::read(cx, entries, what),
        "integer" => integer::read(cx, entries, what),
        "number" => number::read(cx, entries, what),
        "checkbox" => checkbox::read(cx, entries, what),
        "select" => select::read(cx, entries, what, node),
        "date" => date::read(cx, entries, what),
        "datetime" => datetime::read(cx, entries, what),
        "url" => url::read(cx, entries, what),
        "markdoc" => content::read(cx, entries, what, node, ContentKind::Markdoc),
        "mdx" => content::read(cx, entries, what, node, ContentKind::Mdx),
        "document" => content::read_document(cx, entries, what),
        "multiselect" => multiselect::read(cx, entries, what, node),
        "file" | "image" => asset::read(cx, entries, what, name == "image"),
        "cloudImage" => cloud_image::read(cx, entries, what),
        "relationship" => relationship::read(cx, entries, what, node),
        "multiRelationship" => multi_relationship::read(cx, entries, what, node),
        "pathReference" => path_reference::read(cx, entries, what),
        "array" => array::read(cx, entries, what, node)?,
        "blocks" => blocks::read(cx, entries, what, node),
        "conditional" => conditional::read(cx, entries, what, node)?,
        "object" => object::read(cx, entries, what, node),
        "empty" => empty::read(),
        "ignored" => ignored::read(),
        // Only a document field's component blocks hold child fields (`config/document/`).
        "child" => {
            cx.error(
                node,
                format!("{what}: a child field belongs at the top of the schema of a document field's component block, or of its asChildTag items"),
            );
            return None;
        }
        other if unsupported::NAMES.contains(&other) => unsupported::read(
            other,
            entries
                .iter()
                .filter(|(k, _)| !COMMON.contains(&k.as_str())),
        ),
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

impl ReadFields for Cx {
    fn field(&mut self, key: &str, node: &Node, owner: &str) -> Option<Field> {
        read_field(self, key, node, owner)
    }

    fn schema(&mut self, node: Option<&Node>, what: &str, owner: &Node) -> Schema {
        read_schema(self, node, what, owner)
    }
}

/// Checks an entry's data: the object of its schema's fields.
pub(crate) fn check_entry(walk: &mut Walk<'_>, schema: &Schema, data: &Node) {
    object::check(walk, schema, Some(data), "", data.pos);
}

impl CheckFields for Walk<'_> {
    fn field(&mut self, field: &Field, node: Option<&Node>, path: &str, pos: Option<Pos>) {
        check(self, field, node, path, pos);
    }
}

/// Records the faults of a field's value at `path` (`node` None or null: absent).
fn check(walk: &mut Walk<'_>, field: &Field, node: Option<&Node>, path: &str, pos: Option<Pos>) {
    let node = walk::present(node);
    let value = node.map(|n| &n.value);
    let label = field.label.as_str();
    match &field.kind {
        FieldKind::Text {
            default_value,
            validation,
            ..
        } => {
            // As a collection's slugField, its value is the file's name, whatever the data holds.
            let checked = match walk.slug.filter(|s| s.field == path) {
                Some(context) if let Some(slug) = context.slug => {
                    slug::check_slug_text(label, slug, validation, Some(context))
                }
                _ => text::check(label, value, default_value, validation),
            };
            walk.report(path, checked, pos);
        }
        FieldKind::Slug {
            name_validation,
            slug_label,
            slug_validation,
            ..
        } => {
            let slug = walk.slug.filter(|s| s.field == path);
            let checked = slug::check(
                label,
                value,
                name_validation,
                slug_label,
                slug_validation,
                slug,
            );
            walk.report(path, checked, pos);
        }
        FieldKind::Integer {
            default_value,
            validation,
        } => {
            let checked = integer::check(label, value, *default_value, validation);
            walk.report(path, checked, pos);
        }
        FieldKind::Number {
            default_value,
            step,
            validation,
            validate_step,
        } => {
            let checked = number::check(
                label,
                value,
                *default_value,
                *step,
                validation,
                *validate_step,
            );
            walk.report(path, checked, pos);
        }
        FieldKind::Checkbox { .. } => walk.report(path, checkbox::check(value), pos),
        FieldKind::Select { options, .. } => walk.report(path, select::check(value, options), pos),
        FieldKind::Multiselect { options, .. } => {
            multiselect::check(walk, options, node, path, pos)
        }
        FieldKind::Date {
            default_value,
            validation,
        } => {
            let checked = date::check(label, value, default_value, validation);
            walk.report(path, checked, pos);
        }
        FieldKind::Datetime {
            default_value,
            validation,
        } => {
            let checked = datetime::check(label, value, default_value, validation);
            walk.report(path, checked, pos);
        }
        FieldKind::Url {
            default_value,
            is_required,
        } => {
            let checked = url::check(label, value, default_value, *is_required);
            walk.report(path, checked, pos);
        }
        FieldKind::Asset { is_required, .. } => {
            walk.report(path, asset::check(label, *is_required, value), pos)
        }
        FieldKind::CloudImage { is_required } => {
            cloud_image::check(walk, *is_required, node, path, pos)
        }
        FieldKind::Relationship { is_required, .. } => {
            walk.report(path, relationship::check(label, *is_required, value), pos)
        }
        FieldKind::MultiRelationship { length, .. } => {
            multi_relationship::check(walk, length, node, path, pos)
        }
        FieldKind::PathReference { is_required, .. } => {
            walk.report(path, path_reference::check(label, *is_required, value), pos)
        }
        FieldKind::Array {
            element,
            length,
            slug_field,
            ..
        } => array::check(
            walk,
            element,
            length,
            slug_field.as_deref(),
            node,
            path,
            pos,
        ),
        FieldKind::Blocks { blocks, length } => {
            blocks::check(walk, label, blocks, length, node, path, pos)
        }
        FieldKind::Conditional {
            discriminant,
            values,
        } => conditional::check(walk, discriminant, values, node, path, pos),
        FieldKind::Object { fields, .. } => object::check(walk, fields, node, path, pos),
        FieldKind::InlineContent { .. } => walk.report(path, content::check_inline(value), pos),
        // Content fields keep their text outside the data file; empty and ignored fields, and
        // kinds Quire does not edit yet, have no rule.
        FieldKind::Content { .. }
        | FieldKind::Empty
        | FieldKind::Ignored
        | FieldKind::Unsupported { .. } => {}
    }
}

/// What a collection's list shows for a field's stored value: what the kind makes of it (dates as
/// the day or minute they name), else the stored scalar as it is, and nothing for a list or mapping.
pub(crate) fn column_value(kind: &FieldKind, node: &Node) -> Json {
    let shown = if matches!(kind, FieldKind::Date { .. }) {
        date::column_value(node)
    } else if matches!(kind, FieldKind::Datetime { .. }) {
        datetime::column_value(node)
    } else {
        None
    };
    shown.unwrap_or_else(|| match &node.value {
        Value::Object(_) | Value::Array(_) => Json::Null,
        value => value.to_json(),
    })
}
