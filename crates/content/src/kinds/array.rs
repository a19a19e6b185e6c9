//! `array`: a list of values of one element field, as many as its length allows; with a
//! `slugField`, items are named by the slugs of their object elements, which must differ.

use crate::config::model::{Field, FieldKind, Length};
use crate::config::nested::ReadFields;
use crate::config::reading::{Cx, present};
use crate::config::validation::length;
use crate::validate::walk::{CheckFields, Walk, item_count, join};
use crate::value::{Node, Pos};

/// The options an array field takes, besides its kind, label and description.
/// `asChildTag` matters only in a document component block (`config/document/component_blocks.rs`);
/// elsewhere it is taken and has no effect, as in Keystatic.
pub(super) const OPTIONS: &[&str] = &[
    "element",
    "itemLabel",
    "slugField",
    "validation",
    "asChildTag",
];

pub(super) fn read(
    cx: &mut Cx,
    entries: &[(String, Node)],
    what: &str,
    node: &Node,
) -> Option<FieldKind> {
    let Some(element_node) = present(entries, "element") else {
        cx.error(node, format!("{what}: element is required"));
        return None;
    };
    let element = cx.field("element", element_node, what)?;
    let slug_field = cx.string(entries, "slugField", what);
    if let Some(name) = &slug_field {
        let at = present(entries, "slugField").unwrap_or(node);
        if let FieldKind::Object { fields, .. } = &element.kind {
            match fields.iter().find(|(k, _)| k == name) {
                Some((_, f)) if matches!(f.kind, FieldKind::Slug { .. }) => {}
                Some(_) => cx.error(at, format!("{what}: slugField is a not a slug field")),
                None => cx.error(
                    at,
                    format!("{what}: slugField \"{name}\" is not a field of the element"),
                ),
            }
        } else {
            cx.error(at, format!("{what}: slugField needs an object element"));
        }
    }
    Some(FieldKind::Array {
        element: Box::new(element),
        item_label: item_label(cx, entries, what),
        slug_field,
        length: length(cx, entries, what),
    })
}

/// `itemLabel`: a template of `{field.path}` parts, or a bare field path standing for `{path}`.
pub(super) fn item_label(cx: &mut Cx, entries: &[(String, Node)], what: &str) -> Option<String> {
    let label = cx.string(entries, "itemLabel", what)?;
    Some(if label.contains('{') {
        label
    } else {
        format!("{{{label}}}")
    })
}

/// Records the problems of an array's stored list (`node` None: absent): its length, then each
/// item's, then slugs that repeat.
pub(super) fn check(
    walk: &mut Walk<'_>,
    element: &Field,
    length: &Length,
    slug_field: Option<&str>,
    node: Option<&Node>,
    path: &str,
    pos: Option<Pos>,
) {
    let Some(items) = walk.items(node, path, pos) else {
        return;
    };
    if let Some(message) = item_count(items.len(), length) {
        walk.rule(path, message, pos);
    }
    for (index, item) in items.iter().enumerate() {
        walk.field(
            element,
            Some(item),
            &join(path, &index.to_string()),
            item.pos.or(pos),
        );
    }
    if let Some(slug_field) = slug_field {
        unique_slugs(walk, element, slug_field, items, path);
    }
}

/// Items of an array with a `slugField` must have different slugs.
fn unique_slugs(
    walk: &mut Walk<'_>,
    element: &Field,
    slug_field: &str,
    items: &[Node],
    path: &str,
) {
    let FieldKind::Object { fields, .. } = &element.kind else {
        return;
    };
    let Some(FieldKind::Slug { slug_label, .. }) = fields
        .iter()
        .find(|(k, _)| k == slug_field)
        .map(|(_, f)| &f.kind)
    else {
        return;
    };
    let mut seen: Vec<&str> = Vec::new();
    for (index, item) in items.iter().enumerate() {
        let Some(slug) = item
            .get(slug_field)
            .and_then(|s| s.get("slug"))
            .and_then(Node::as_str)
        else {
            continue;
        };
        if seen.contains(&slug) {
            let at = join(&join(path, &index.to_string()), slug_field);
            walk.rule(&at, format!("{slug_label} must be unique"), item.pos);
        }
        seen.push(slug);
    }
}
