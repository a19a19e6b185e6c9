//! Reads a markdoc or mdx field's content components (`components: { <tag>: { kind, label,
//! schema, ... } }`); its editor `options` are `editor_options.rs`'s.

use super::model::{
    Component, ComponentKind, Field, FieldKind, Length, NumberValidation, TextValidation,
};
use super::nested::ReadFields;
use super::reading::{Cx, present};
use super::validation::bounds;
use crate::value::{Node, Value};

/// The components of a field whose own tags (`layout` where it has layouts) no component may take.
pub(crate) fn read(
    cx: &mut Cx,
    node: Option<&Node>,
    what: &str,
    own_tags: &[&str],
) -> Vec<(String, Component)> {
    let Some(node) = node else { return Vec::new() };
    let Value::Object(entries) = &node.value else {
        cx.error(
            node,
            format!("{what}: components must be a mapping of tag names to component definitions"),
        );
        return Vec::new();
    };
    for (name, n) in entries {
        if let Some(message) = taken_name(name, own_tags) {
            cx.error(n, format!("{what}: component \"{name}\": {message}"));
        }
    }
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

/// The names the editor gives its own nodes and marks; a component cannot take one. The editor's
/// schema (web/src/editor/schema/createSchema.ts) refuses the same names (vectors/reserved-names.json).
pub const EDITOR_NAMES: &[&str] = &[
    "doc",
    "text",
    "paragraph",
    "hard_break",
    "heading",
    "blockquote",
    "code_block",
    "divider",
    "ordered_list",
    "unordered_list",
    "list_item",
    "table",
    "table_row",
    "table_cell",
    "table_header",
    "image",
    "missing_block",
    "missing_inline",
    "layout_grid",
    "layout_area",
    "link",
    "bold",
    "italic",
    "strikethrough",
    "code",
    "underline",
    "superscript",
    "subscript",
    "keyboard",
];

/// Why a component may not be called `name` (a built-in name, or one of `own_tags`, the tags the
/// field writes itself), if it may not.
pub(crate) fn taken_name(name: &str, own_tags: &[&str]) -> Option<String> {
    if EDITOR_NAMES.contains(&name) {
        return Some(format!(
            "\"{name}\" is a name of the editor's own; choose another"
        ));
    }
    own_tags
        .contains(&name)
        .then(|| format!("the field writes \"{name}\" tags itself; choose another name"))
}

fn component(cx: &mut Cx, name: &str, node: &Node, owner: &str) -> Option<Component> {
    let what = format!("{owner} component \"{name}\"");
    let entries = cx.mapping(node, &what)?;
    if cx.string(entries, "kind", &what).as_deref() == Some("cloudImage") {
        return Some(cloud_image(cx, name, entries, &what));
    }
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
            "tag",
            "className",
            "style",
            "toolbar",
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
                    "{what}: kind \"{other}\" is not one of block, wrapper, inline, repeating, mark, cloudImage"
                ),
            );
            return None;
        }
        None => {
            cx.error(
                node,
                format!(
                    "{what}: kind is required (block, wrapper, inline, repeating, mark or cloudImage)"
                ),
            );
            return None;
        }
    };
    let schema = match present(entries, "schema") {
        Some(schema) => cx.schema(Some(schema), &what, node),
        None => Vec::new(),
    };
    // Keystatic takes one tag as a string too (`children: layout-area`).
    let children = match present(entries, "children").map(|node| &node.value) {
        Some(Value::String(child)) => vec![child.clone()],
        _ => cx.strings(entries, "children", &what),
    };
    if kind == ComponentKind::Repeating && children.is_empty() {
        cx.error(
            node,
            format!("{what}: a repeating component needs children"),
        );
    }
    let tag = cx.string(entries, "tag", &what);
    let class_name = cx.string(entries, "className", &what);
    let style = present(entries, "style").map_or_else(Vec::new, |node| style(cx, node, &what));
    if kind != ComponentKind::Mark
        && let Some(at) = present(entries, "tag")
            .or(present(entries, "className"))
            .or(present(entries, "style"))
    {
        cx.error(
            at,
            format!("{what}: tag, className and style are for marks"),
        );
    }
    let toolbar = cx.boolean(entries, "toolbar", &what).unwrap_or(false);
    if toolbar
        && matches!(kind, ComponentKind::Inline | ComponentKind::Mark)
        && let Some(at) = present(entries, "toolbar")
    {
        cx.error(
            at,
            format!("{what}: toolbar is for blocks, wrappers and repeating components (inline components and marks are inserted from the Insert menu or are toggles)"),
        );
    }
    if let Some(tag) = &tag
        && !MARK_ELEMENTS.contains(&tag.as_str())
    {
        let at = present(entries, "tag").unwrap_or(node);
        cx.error(
            at,
            format!(
                "{what}: tag \"{tag}\" is not one of {}",
                MARK_ELEMENTS.join(", ")
            ),
        );
    }
    Some(Component {
        tag,
        class_name,
        style,
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
        children_length: bounds(cx, entries, "children", &what),
        placeholder: None,
        toolbar,
        cloud_image: false,
        heading_levels: None,
        regions: Vec::new(),
    })
}

/// Keystatic's `cloudImage({ label })`: a block with its own props, written as Keystatic's
/// `cloudImageSchema` has them, on the toolbar as Keystatic puts it there (it has an icon).
fn cloud_image(cx: &mut Cx, name: &str, entries: &[(String, Node)], what: &str) -> Component {
    cx.known_keys(
        entries,
        &["kind", "label", "description", "toolbar", "schema"],
        what,
    );
    if let Some(at) = present(entries, "schema") {
        cx.error(
            at,
            format!("{what}: a cloud image's props are its own (src, alt, height, width); leave out schema"),
        );
    }
    let text = |label: &str, min: usize| Field {
        label: label.to_string(),
        description: None,
        kind: FieldKind::Text {
            multiline: false,
            default_value: String::new(),
            validation: TextValidation {
                is_required: false,
                min,
                max: None,
                pattern: None,
            },
        },
    };
    let integer = |label: &str| Field {
        label: label.to_string(),
        description: None,
        kind: FieldKind::Integer {
            default_value: None,
            validation: NumberValidation {
                is_required: false,
                min: None,
                max: None,
            },
        },
    };
    Component {
        kind: ComponentKind::Block,
        label: cx
            .string(entries, "label", what)
            .unwrap_or_else(|| name.to_string()),
        description: cx.string(entries, "description", what),
        schema: vec![
            ("src".to_string(), text("URL", 1)),
            ("alt".to_string(), text("Alt text", 0)),
            ("height".to_string(), integer("Height")),
            ("width".to_string(), integer("Width")),
        ],
        for_specific_locations: false,
        children: Vec::new(),
        children_length: Length::default(),
        placeholder: None,
        tag: None,
        class_name: None,
        style: Vec::new(),
        toolbar: cx.boolean(entries, "toolbar", what).unwrap_or(true),
        cloud_image: true,
        heading_levels: None,
        regions: Vec::new(),
    }
}

/// A mark's `style` (Keystatic's React style object, `{ backgroundColor: yellow, fontWeight: 700 }`):
/// CSS properties in kebab case with their values. A value that could end its declaration or start
/// another (`;`, braces, quotes, a backslash) is refused, so a style says only what it names.
fn style(cx: &mut Cx, node: &Node, what: &str) -> Vec<(String, String)> {
    let what = format!("{what} style");
    let Some(entries) = cx.mapping(node, &what) else {
        return Vec::new();
    };
    let mut read = Vec::new();
    for (property, value) in entries {
        let name_ok = !property.is_empty()
            && property
                .chars()
                .all(|c| c.is_ascii_alphabetic() || c == '-');
        let value = match &value.value {
            Value::String(text) => Some(text.clone()),
            Value::Number(n) => Some(crate::value::format_number(*n)),
            _ => None,
        };
        let value = value.filter(|text| {
            !text.is_empty() && !text.contains([';', '{', '}', '"', '\'', '\\', '<', '>'])
        });
        match (name_ok, value) {
            (true, Some(value)) => read.push((kebab_case(property), value)),
            _ => {
                let at = entries
                    .iter()
                    .find(|(key, _)| key == property)
                    .map_or(node, |(_, n)| n);
                cx.error(
                    at,
                    format!("{what}: \"{property}\" must be a CSS property (letters and -) with a plain value (text or a number)"),
                );
            }
        }
    }
    read
}

/// `backgroundColor` → `background-color`; kebab case stays.
fn kebab_case(property: &str) -> String {
    let mut out = String::with_capacity(property.len() + 4);
    for c in property.chars() {
        if c.is_ascii_uppercase() {
            out.push('-');
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// The elements a mark may show as in the editor: text-level ones, which hold text and run nothing
/// (`a` goes without an address: it leads nowhere).
const MARK_ELEMENTS: &[&str] = &[
    "span", "mark", "abbr", "a", "b", "big", "cite", "code", "del", "dfn", "em", "i", "ins", "kbd",
    "q", "s", "samp", "small", "strong", "sub", "sup", "u", "var",
];
