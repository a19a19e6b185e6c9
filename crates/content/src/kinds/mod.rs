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
mod empty_content;
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
    EMPTY_CONTENT,
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
const EMPTY_CONTENT: Kind = kind("emptyContent", &["emptyContent", "emptyDocument"]);

/// Everything a name `quire.yaml` gives a field kind comes with: the options it takes besides its
/// kind, label and description, its JSON Schema (`kinds/<name>.schema.json`, beside the kind's
/// reader; `config_schema.rs` assembles `quire.schema.json` from them), and its reader.
struct Name {
    name: &'static str,
    options: &'static [&'static str],
    schema: &'static str,
    read: Reader,
}

/// Reads a field's kind from its options (`what` names it in messages; `node` is the field's
/// mapping); None when it cannot be read at all.
type Reader = fn(&mut Cx, &[(String, Node)], &str, &Node) -> Option<FieldKind>;

/// One row per name.
const NAMES: &[Name] = &[
    Name {
        name: "text",
        options: text::OPTIONS,
        schema: include_str!("text.schema.json"),
        read: |cx, entries, what, _| Some(text::read(cx, entries, what)),
    },
    Name {
        name: "slug",
        options: slug::OPTIONS,
        schema: include_str!("slug.schema.json"),
        read: |cx, entries, what, _| Some(slug::read(cx, entries, what)),
    },
    Name {
        name: "integer",
        options: integer::OPTIONS,
        schema: include_str!("integer.schema.json"),
        read: |cx, entries, what, _| Some(integer::read(cx, entries, what)),
    },
    Name {
        name: "number",
        options: number::OPTIONS,
        schema: include_str!("number.schema.json"),
        read: |cx, entries, what, _| Some(number::read(cx, entries, what)),
    },
    Name {
        name: "checkbox",
        options: checkbox::OPTIONS,
        schema: include_str!("checkbox.schema.json"),
        read: |cx, entries, what, _| Some(checkbox::read(cx, entries, what)),
    },
    Name {
        name: "select",
        options: select::OPTIONS,
        schema: include_str!("select.schema.json"),
        read: |cx, entries, what, node| Some(select::read(cx, entries, what, node)),
    },
    Name {
        name: "date",
        options: date::OPTIONS,
        schema: include_str!("date.schema.json"),
        read: |cx, entries, what, _| Some(date::read(cx, entries, what)),
    },
    Name {
        name: "datetime",
        options: datetime::OPTIONS,
        schema: include_str!("datetime.schema.json"),
        read: |cx, entries, what, _| Some(datetime::read(cx, entries, what)),
    },
    Name {
        name: "url",
        options: url::OPTIONS,
        schema: include_str!("url.schema.json"),
        read: |cx, entries, what, _| Some(url::read(cx, entries, what)),
    },
    Name {
        name: "markdoc",
        options: content::OPTIONS,
        schema: include_str!("markdoc.schema.json"),
        read: |cx, entries, what, node| {
            Some(content::read(cx, entries, what, node, ContentKind::Markdoc))
        },
    },
    Name {
        name: "mdx",
        options: content::OPTIONS,
        schema: include_str!("mdx.schema.json"),
        read: |cx, entries, what, node| {
            Some(content::read(cx, entries, what, node, ContentKind::Mdx))
        },
    },
    Name {
        name: "document",
        options: content::DOCUMENT_OPTIONS,
        schema: include_str!("document.schema.json"),
        read: |cx, entries, what, _| Some(content::read_document(cx, entries, what)),
    },
    Name {
        name: "multiselect",
        options: multiselect::OPTIONS,
        schema: include_str!("multiselect.schema.json"),
        read: |cx, entries, what, node| Some(multiselect::read(cx, entries, what, node)),
    },
    Name {
        name: "file",
        options: asset::OPTIONS,
        schema: include_str!("file.schema.json"),
        read: |cx, entries, what, _| Some(asset::read(cx, entries, what, false)),
    },
    Name {
        name: "image",
        options: asset::OPTIONS,
        schema: include_str!("image.schema.json"),
        read: |cx, entries, what, _| Some(asset::read(cx, entries, what, true)),
    },
    Name {
        name: "cloudImage",
        options: cloud_image::OPTIONS,
        schema: include_str!("cloudImage.schema.json"),
        read: |cx, entries, what, _| Some(cloud_image::read(cx, entries, what)),
    },
    Name {
        name: "relationship",
        options: relationship::OPTIONS,
        schema: include_str!("relationship.schema.json"),
        read: |cx, entries, what, node| Some(relationship::read(cx, entries, what, node)),
    },
    Name {
        name: "multiRelationship",
        options: multi_relationship::OPTIONS,
        schema: include_str!("multiRelationship.schema.json"),
        read: |cx, entries, what, node| Some(multi_relationship::read(cx, entries, what, node)),
    },
    Name {
        name: "pathReference",
        options: path_reference::OPTIONS,
        schema: include_str!("pathReference.schema.json"),
        read: |cx, entries, what, _| Some(path_reference::read(cx, entries, what)),
    },
    Name {
        name: "array",
        options: array::OPTIONS,
        schema: include_str!("array.schema.json"),
        read: array::read,
    },
    Name {
        name: "blocks",
        options: blocks::OPTIONS,
        schema: include_str!("blocks.schema.json"),
        read: |cx, entries, what, node| Some(blocks::read(cx, entries, what, node)),
    },
    Name {
        name: "conditional",
        options: conditional::OPTIONS,
        schema: include_str!("conditional.schema.json"),
        read: conditional::read,
    },
    Name {
        name: "object",
        options: object::OPTIONS,
        schema: include_str!("object.schema.json"),
        read: |cx, entries, what, node| Some(object::read(cx, entries, what, node)),
    },
    Name {
        name: "empty",
        options: empty::OPTIONS,
        schema: include_str!("empty.schema.json"),
        read: |_, _, _, _| Some(empty::read()),
    },
    Name {
        name: "ignored",
        options: ignored::OPTIONS,
        schema: include_str!("ignored.schema.json"),
        read: |_, _, _, _| Some(ignored::read()),
    },
    Name {
        name: "emptyContent",
        options: empty_content::OPTIONS,
        schema: include_str!("emptyContent.schema.json"),
        read: |cx, entries, what, node| Some(empty_content::read(cx, entries, what, node)),
    },
    Name {
        name: "emptyDocument",
        options: empty_content::DOCUMENT_OPTIONS,
        schema: include_str!("emptyDocument.schema.json"),
        read: |_, _, _, _| Some(empty_content::read_document()),
    },
];

fn row_of(name: &str) -> Option<&'static Name> {
    NAMES.iter().find(|row| row.name == name)
}

/// The options a field of kind `name` takes besides its kind, label and description; None for a
/// name that is no kind `quire.yaml` reads at the top of a schema.
pub fn options_of(name: &str) -> Option<&'static [&'static str]> {
    row_of(name).map(|row| row.options)
}

/// The JSON Schema of a field of kind `name` as `quire.yaml` writes it; None for kinds whose
/// options pass unchecked.
pub fn schema_of(name: &str) -> Option<&'static str> {
    row_of(name).map(|row| row.schema)
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
        FieldKind::EmptyContent { .. } => EMPTY_CONTENT,
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
    let what = what.as_str();
    let kind = if let Some(row) = row_of(&name) {
        let allowed: Vec<&str> = COMMON.iter().chain(row.options).copied().collect();
        cx.known_keys(entries, &allowed, what);
        (row.read)(cx, entries, what, node)?
    } else if name == "child" {
        // Only a document field's component blocks hold child fields (`config/document/`).
        cx.error(
            node,
            format!("{what}: a child field belongs in the schema of a document field's component block (at its top or inside its objects), or of its asChildTag items"),
        );
        return None;
    } else {
        let at = present(entries, "kind").unwrap_or(node);
        cx.error(at, format!("{what}: unknown field kind \"{name}\""));
        return None;
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
        // Content fields keep their text outside the data file; empty and ignored fields, and a
        // value stored for an empty content field, have no rule.
        FieldKind::Content { .. }
        | FieldKind::Empty
        | FieldKind::Ignored
        | FieldKind::EmptyContent { .. } => {}
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
