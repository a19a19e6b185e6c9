//! The fields of a component block that are its content rather than its props: Keystatic's `child`
//! fields, at the top of the block's schema or inside its objects, and an array with `asChildTag`
//! at the top. Each is found with its path below the schema, which Keystatic writes as the
//! `propPath` of a region (`["meta", "body"]`). An object holding child fields stays a prop without
//! them, as Keystatic writes its value (`meta={tone: "calm"}`).

use super::features;
use crate::config::model::{HeadingOption, Length, Schema};
use crate::config::nested::ReadFields;
use crate::config::reading::{Cx, present};
use crate::config::validation::length;
use crate::value::{Node, Value};

/// A field of a component block that is its content rather than a prop.
pub(super) enum Child<'n> {
    /// A `child` field: the content is blocks, or a line of text.
    Text {
        label: Option<String>,
        inline: bool,
        placeholder: Option<String>,
        /// Heading levels of its own, narrower than its document field's; None: the field's.
        heading_levels: Option<Vec<u8>>,
    },
    /// An array with `asChildTag`: the content is one `{% tag %}` per item.
    Items {
        /// The array's key, naming a lone child field of its items in messages.
        key: String,
        tag: String,
        element: &'n Node,
        length: Length,
    },
}

/// A child field, by its path below the block's schema, and where it is written.
pub(super) struct Found<'n> {
    pub path: Vec<String>,
    pub child: Child<'n>,
    pub at: &'n Node,
}

/// A block's props (its other fields, read as fields) and its child fields, in schema order.
pub(super) fn split<'n>(
    cx: &mut Cx,
    fields: &'n [(String, Node)],
    what: &str,
) -> (Schema, Vec<Found<'n>>) {
    let mut props: Schema = Vec::new();
    let mut found = Vec::new();
    for (key, field) in fields {
        let field_what = format!("{what} field \"{key}\"");
        let child = match kind_of(field) {
            Some("child") => read_child(cx, field, &field_what),
            Some("array") if present_in(field, "asChildTag") => {
                read_items(cx, key, field, &field_what)
            }
            Some("object") => {
                // Read without the child fields it holds, which go to `found`.
                let without = without_children(
                    cx,
                    field,
                    std::slice::from_ref(key),
                    &field_what,
                    &mut found,
                );
                let object = without.as_ref().unwrap_or(field);
                props.extend(cx.field(key, object, what).map(|f| (key.clone(), f)));
                continue;
            }
            _ => {
                props.extend(cx.field(key, field, what).map(|f| (key.clone(), f)));
                continue;
            }
        };
        if let Some(child) = child {
            found.push(Found {
                path: vec![key.clone()],
                child,
                at: field,
            });
        }
    }
    (props, found)
}

/// The object field `node` at `path` without the child fields inside it (at any depth), which go
/// to `found`; None when it holds none (or is not an object of fields: its reader says so).
fn without_children<'n>(
    cx: &mut Cx,
    node: &'n Node,
    path: &[String],
    what: &str,
    found: &mut Vec<Found<'n>>,
) -> Option<Node> {
    let Value::Object(entries) = &node.value else {
        return None;
    };
    let fields_node = present(entries, "fields")?;
    let Value::Object(fields) = &fields_node.value else {
        return None;
    };
    let before = found.len();
    let mut kept: Vec<(String, Node)> = Vec::new();
    for (key, field) in fields {
        let inner_path: Vec<String> = path.iter().cloned().chain([key.clone()]).collect();
        let field_what = format!("{what} field \"{key}\"");
        match kind_of(field) {
            Some("child") => {
                if let Some(child) = read_child(cx, field, &field_what) {
                    found.push(Found {
                        path: inner_path,
                        child,
                        at: field,
                    });
                }
            }
            Some("array") if present_in(field, "asChildTag") => cx.error(
                field,
                format!("{field_what}: an array with asChildTag belongs at the top of its component block's schema"),
            ),
            Some("object") => {
                let inner = without_children(cx, field, &inner_path, &field_what, found);
                kept.push((key.clone(), inner.unwrap_or_else(|| field.clone())));
            }
            _ => kept.push((key.clone(), field.clone())),
        }
    }
    if found.len() == before {
        return None;
    }
    if let Some(layout) = present(entries, "layout") {
        cx.error(
            layout,
            format!("{what}: an object holding a child field has no layout (its form shows only its other fields)"),
        );
    }
    let rest = entries
        .iter()
        .filter(|(key, _)| key != "layout")
        .map(|(key, value)| {
            let value = if key == "fields" {
                Node {
                    value: Value::Object(std::mem::take(&mut kept)),
                    pos: value.pos,
                }
            } else {
                value.clone()
            };
            (key.clone(), value)
        })
        .collect();
    Some(Node {
        value: Value::Object(rest),
        pos: node.pos,
    })
}

/// Keystatic's child field options narrow what its content may hold, with the document field's own
/// feature switches. A child here holds what its field holds, which is what `inherit` asks for,
/// except for heading levels of its own (`formatting: { headingLevels: [2] }`, the one narrower
/// value Keystatic takes); anything else narrower is refused, not ignored.
const INHERITED: &[&str] = features::OPTIONS;

pub(super) fn read_child<'n>(cx: &mut Cx, node: &Node, what: &str) -> Option<Child<'n>> {
    let entries = cx.mapping(node, what)?;
    // `editIn` (Keystatic's modal editing) is taken: Quire edits a child where it stands.
    let known: Vec<&str> = ["kind", "label", "content", "placeholder", "editIn"]
        .iter()
        .chain(INHERITED)
        .copied()
        .collect();
    cx.known_keys(entries, &known, what);
    let own_levels = present(entries, "formatting")
        .and_then(|formatting| match &formatting.value {
            Value::Object(groups) => present(groups, "headingLevels"),
            _ => None,
        })
        .filter(|levels| matches!(levels.value, Value::Array(_)));
    let heading_levels = own_levels.map(|levels| {
        match features::heading_levels(cx, Some(levels), &format!("{what} formatting")) {
            HeadingOption::Levels(levels) => levels,
            _ => Vec::new(),
        }
    });
    for key in INHERITED {
        if let Some(option) = present(entries, key)
            && !inherits(option)
        {
            cx.error(
                option,
                format!("{what}: \"{key}\" may only be inherit: a child holds what its document field holds"),
            );
        }
    }
    let inline = match cx.string(entries, "content", what).as_deref() {
        Some("block") => false,
        Some("inline") => true,
        Some(other) => {
            cx.error(
                present(entries, "content").unwrap_or(node),
                format!("{what}: content \"{other}\" is not one of block, inline"),
            );
            return None;
        }
        None => {
            cx.error(
                node,
                format!("{what}: content is required (block or inline)"),
            );
            return None;
        }
    };
    if let Some(levels) = own_levels.filter(|_| inline) {
        cx.error(
            levels,
            format!("{what}: a line of text holds no headings, so no headingLevels"),
        );
    }
    Some(Child::Text {
        label: cx.string(entries, "label", what),
        inline,
        placeholder: cx.string(entries, "placeholder", what),
        heading_levels,
    })
}

pub(super) fn read_items<'n>(
    cx: &mut Cx,
    key: &str,
    node: &'n Node,
    what: &str,
) -> Option<Child<'n>> {
    let entries = cx.mapping(node, what)?;
    cx.known_keys(
        entries,
        &[
            "kind",
            "label",
            "description",
            "element",
            "asChildTag",
            "validation",
        ],
        what,
    );
    let tag = cx.string(entries, "asChildTag", what)?;
    let Some(element) = present(entries, "element") else {
        cx.error(node, format!("{what}: element is required"));
        return None;
    };
    Some(Child::Items {
        key: key.to_string(),
        tag,
        element,
        length: length(cx, entries, what),
    })
}

/// `inherit`, or (for `formatting`) a mapping of groups that each are `inherit` (or, for
/// `headingLevels`, a list of the child's own levels).
fn inherits(option: &Node) -> bool {
    match &option.value {
        Value::String(value) => value == "inherit",
        Value::Object(groups) => groups.iter().all(|(key, group)| {
            inherits(group) || (key == "headingLevels" && matches!(group.value, Value::Array(_)))
        }),
        _ => false,
    }
}

pub(super) fn kind_of(node: &Node) -> Option<&str> {
    match &node.value {
        Value::Object(entries) => match present(entries, "kind").map(|n| &n.value) {
            Some(Value::String(kind)) => Some(kind),
            _ => None,
        },
        _ => None,
    }
}

fn present_in(node: &Node, key: &str) -> bool {
    matches!(&node.value, Value::Object(entries) if present(entries, key).is_some())
}
