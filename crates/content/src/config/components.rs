//! Reads the content components of a markdoc or mdx field: `components: { <tag>: { kind, label, schema, ... } }`.

use super::fields::read_schema;
use super::read::{Cx, present};
use super::*;
use crate::value::{Node, Value};

pub(super) fn read(cx: &mut Cx, node: Option<&Node>, what: &str) -> Vec<(String, Component)> {
    let Some(node) = node else { return Vec::new() };
    let Value::Object(entries) = &node.value else {
        cx.error(
            node,
            format!("{what}: components must be a mapping of tag names to component definitions"),
        );
        return Vec::new();
    };
    let components: Vec<(String, Component)> = entries
        .iter()
        .filter_map(|(name, n)| Some((name.clone(), component(cx, name, n, what)?)))
        .collect();
    for (name, component) in &components {
        for child in &component.children {
            if !components.iter().any(|(n, _)| n == child) {
                let at = entries
                    .iter()
                    .find(|(n, _)| n == name)
                    .map(|(_, n)| n)
                    .unwrap_or(node);
                cx.error(at, format!("{what}: component \"{name}\" has children \"{child}\", which is not a component of this field"));
            }
        }
    }
    components
}

fn component(cx: &mut Cx, name: &str, node: &Node, owner: &str) -> Option<Component> {
    let what = format!("{owner} component \"{name}\"");
    let entries = cx.mapping(node, &what)?;
    cx.known_keys(
        entries,
        &[
            "kind",
            "label",
            "description",
            "schema",
            "forSpecificLocations",
            "children",
            "validation",
        ],
        &what,
    );
    let kind = match cx.string(entries, "kind", &what).as_deref() {
        Some("block") => ComponentKind::Block,
        Some("wrapper") => ComponentKind::Wrapper,
        Some("inline") => ComponentKind::Inline,
        Some("repeating") => ComponentKind::Repeating,
        Some("mark") => ComponentKind::Mark,
        Some(other) => {
            let at = present(entries, "kind").unwrap_or(node);
            cx.error(
                at,
                format!(
                    "{what}: kind \"{other}\" is not one of block, wrapper, inline, repeating, mark"
                ),
            );
            return None;
        }
        None => {
            cx.error(
                node,
                format!("{what}: kind is required (block, wrapper, inline, repeating or mark)"),
            );
            return None;
        }
    };
    let schema = match present(entries, "schema") {
        Some(schema) => read_schema(cx, Some(schema), &what, node),
        None => Vec::new(),
    };
    let children = cx.strings(entries, "children", &what);
    if kind == ComponentKind::Repeating && children.is_empty() {
        cx.error(
            node,
            format!("{what}: a repeating component needs children"),
        );
    }
    Some(Component {
        kind,
        label: cx
            .string(entries, "label", &what)
            .unwrap_or_else(|| name.to_string()),
        description: cx.string(entries, "description", &what),
        schema,
        for_specific_locations: cx
            .boolean(entries, "forSpecificLocations", &what)
            .unwrap_or(false),
        children,
        children_length: children_length(cx, entries, &what),
    })
}

/// `validation: { children: { min, max } }`.
fn children_length(cx: &mut Cx, entries: &[(String, Node)], what: &str) -> Length {
    let mut length = Length::default();
    let Some(validation) = present(entries, "validation").and_then(|v| cx.mapping(v, what)) else {
        return length;
    };
    cx.known_keys(validation, &["children"], &format!("{what} validation"));
    let Some(bounds) = present(validation, "children").and_then(|v| cx.mapping(v, what)) else {
        return length;
    };
    cx.known_keys(
        bounds,
        &["min", "max"],
        &format!("{what} validation.children"),
    );
    length.min = cx
        .number(bounds, "min", what)
        .map_or(0, |n| n.max(0.0) as usize);
    length.max = cx.number(bounds, "max", what).map(|n| n.max(0.0) as usize);
    length
}
