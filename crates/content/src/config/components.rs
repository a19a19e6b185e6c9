//! Reads what a markdoc or mdx field configures beyond its kind: its content components
//! (`components: { <tag>: { kind, label, schema, ... } }`) and its editor `options`.

use super::json::schema_json;
use super::model::{Component, ComponentKind};
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
        Some(schema) => cx.schema(Some(schema), &what, node),
        None => Vec::new(),
    };
    let children = cx.strings(entries, "children", &what);
    if kind == ComponentKind::Repeating && children.is_empty() {
        cx.error(
            node,
            format!("{what}: a repeating component needs children"),
        );
    }
    let tag = cx.string(entries, "tag", &what);
    let class_name = cx.string(entries, "className", &what);
    if kind != ComponentKind::Mark
        && let Some(at) = present(entries, "tag").or(present(entries, "className"))
    {
        cx.error(at, format!("{what}: tag and className are for marks"));
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
    })
}

/// The elements a mark may show as in the editor: text-level ones, which hold text and run nothing.
const MARK_ELEMENTS: &[&str] = &[
    "span", "mark", "abbr", "b", "cite", "code", "del", "dfn", "em", "i", "ins", "kbd", "q", "s",
    "samp", "small", "strong", "sub", "sup", "u", "var",
];

/// Keys the editor keeps for itself on headings and code blocks; their props may not use them.
const RESERVED_PROPS: &[(&str, &[&str])] = &[
    ("heading", &["level", "textAlign"]),
    ("codeBlock", &["language", "content"]),
];

/// A field's `options` as written, except the `schema` of `heading` and `codeBlock` (the props a
/// heading or code block carries), which are read and normalized as every schema is.
pub(crate) fn options(cx: &mut Cx, node: Option<&Node>, what: &str) -> serde_json::Value {
    let Some(node) = node else {
        return serde_json::json!({});
    };
    let mut options = node.value.to_json();
    let Value::Object(entries) = &node.value else {
        cx.error(node, format!("{what}: options must be a mapping"));
        return serde_json::json!({});
    };
    check_option_shapes(cx, entries, what);
    for (key, reserved) in RESERVED_PROPS {
        let Some(Value::Object(parts)) = present(entries, key).map(|n| &n.value) else {
            continue;
        };
        let Some(schema_node) = present(parts, "schema") else {
            continue;
        };
        let owner = format!("{what} {key}");
        let schema = cx.schema(Some(schema_node), &owner, schema_node);
        for (name, _) in schema
            .iter()
            .filter(|(name, _)| reserved.contains(&name.as_str()))
        {
            cx.error(
                schema_node,
                format!("{owner} schema: \"{name}\" is reserved for the editor"),
            );
        }
        options[*key]["schema"] = schema_json(&schema);
    }
    options
}

/// Editor switches: on or off.
const SWITCHES: &[&str] = &[
    "bold",
    "italic",
    "strikethrough",
    "code",
    "underline",
    "superscript",
    "subscript",
    "keyboard",
    "alignment",
    "blockquote",
    "orderedList",
    "unorderedList",
    "divider",
    "link",
    "table",
];

/// Refuses options the editor would not understand, with their place: a switch that is not true or
/// false, heading levels outside 1 to 6, an image `directory` that is no string, an unknown option.
fn check_option_shapes(cx: &mut Cx, entries: &[(String, Node)], what: &str) {
    for (key, node) in entries {
        let problem = match key.as_str() {
            switch if SWITCHES.contains(&switch) => {
                (!matches!(node.value, Value::Bool(_))).then(|| "must be true or false".to_string())
            }
            "heading" => match &node.value {
                Value::Bool(_) => None,
                Value::Array(_) => levels_problem(node),
                Value::Object(parts) => parts_problem(parts, &["levels", "schema"])
                    .or_else(|| present(parts, "levels").and_then(levels_problem)),
                _ => Some("must be true, false, a list of levels or { levels, schema }".into()),
            },
            "codeBlock" => match &node.value {
                Value::Bool(_) => None,
                Value::Object(parts) => parts_problem(parts, &["schema"]),
                _ => Some("must be true, false or { schema }".into()),
            },
            "image" => match &node.value {
                Value::Bool(_) => None,
                Value::Object(parts) => {
                    parts_problem(parts, &["directory", "publicPath", "transformFilename", "schema"])
                        .or_else(|| {
                            ["directory", "publicPath"].iter().find_map(|part| {
                                present(parts, part)
                                    .filter(|n| !matches!(n.value, Value::String(_)))
                                    .map(|_| format!("{part} must be a string"))
                            })
                        })
                        .or_else(|| {
                            // Keystatic's is a function; here a named transform (none: names as uploaded).
                            present(parts, "transformFilename")
                                .filter(|n| !matches!(&n.value, Value::String(s) if s == "slug"))
                                .map(|_| "transformFilename must be \"slug\" (file names made slugs, as my-photo-1.png from My Photo 1.png)".to_string())
                        })
                }
                _ => Some(
                    "must be true, false or { directory, publicPath, transformFilename, schema }"
                        .into(),
                ),
            },
            "layouts" => {
                let valid = matches!(&node.value, Value::Array(layouts) if layouts.iter().all(|layout| {
                    matches!(&layout.value, Value::Array(ratios) if !ratios.is_empty()
                        && ratios.iter().all(|r| matches!(r.value, Value::Number(n) if n > 0.0)))
                }));
                (!valid).then(|| "must be a list of column widths, such as [[1, 1], [2, 1]]".into())
            }
            other => Some(format!("\"{other}\" is not an editor option")),
        };
        if let Some(problem) = problem {
            cx.error(node, format!("{what}: options.{key} {problem}"));
        }
    }
}

fn levels_problem(node: &Node) -> Option<String> {
    let valid = matches!(&node.value, Value::Array(levels) if levels.iter().all(|level| {
        matches!(level.value, Value::Number(n) if n.fract() == 0.0 && (1.0..=6.0).contains(&n))
    }));
    (!valid).then(|| "levels must be heading levels from 1 to 6".into())
}

fn parts_problem(parts: &[(String, Node)], allowed: &[&str]) -> Option<String> {
    parts
        .iter()
        .find(|(part, _)| !allowed.contains(&part.as_str()))
        .map(|(part, _)| format!("has no \"{part}\" (it takes {})", allowed.join(", ")))
}

#[cfg(test)]
mod tests {
    use crate::config::{self, FieldKind};
    use serde_json::json;

    fn options(options: &str) -> Result<serde_json::Value, String> {
        let text = format!(
            "singletons:\n  page:\n    path: page\n    schema:\n      body:\n        kind: markdoc\n        label: Body\n        options: {options}\n"
        );
        let config = config::parse(&text).map_err(|e| e.render("quire.yaml"))?;
        match &config.singleton("page").unwrap().schema[0].1.kind {
            FieldKind::Content { options, .. } => Ok(options.clone()),
            other => panic!("a content field, not {}", other.name()),
        }
    }

    #[test]
    fn heading_and_code_block_props_are_normalized_schemas() {
        let read = options(
            "{ bold: false, heading: { levels: [1, 2], schema: { id: { kind: text, label: Id } } }, codeBlock: { schema: { title: { kind: text, label: Title } } } }",
        )
        .unwrap();
        assert_eq!(read["bold"], json!(false));
        assert_eq!(read["heading"]["levels"], json!([1, 2]));
        assert_eq!(read["heading"]["schema"]["id"]["kind"], json!("text"));
        assert_eq!(read["heading"]["schema"]["id"]["label"], json!("Id"));
        assert_eq!(read["codeBlock"]["schema"]["title"]["kind"], json!("text"));
    }

    #[test]
    fn uploaded_image_names_may_be_made_slugs() {
        let read =
            options("{ image: { directory: public/images, transformFilename: slug } }").unwrap();
        assert_eq!(read["image"]["transformFilename"], json!("slug"));
    }

    #[test]
    fn options_of_the_wrong_shape_are_refused_with_their_place() {
        for (written, message) in [
            (
                "{ bold: 'yes' }",
                "field \"body\": options.bold must be true or false",
            ),
            (
                "{ heading: [1, 7] }",
                "field \"body\": options.heading levels must be heading levels from 1 to 6",
            ),
            (
                "{ image: { directory: 3 } }",
                "field \"body\": options.image directory must be a string",
            ),
            (
                "{ image: { folder: x } }",
                "field \"body\": options.image has no \"folder\" (it takes directory, publicPath, transformFilename, schema)",
            ),
            (
                "{ image: { transformFilename: lower } }",
                "field \"body\": options.image transformFilename must be \"slug\" (file names made slugs, as my-photo-1.png from My Photo 1.png)",
            ),
            (
                "{ bolt: true }",
                "field \"body\": options.bolt \"bolt\" is not an editor option",
            ),
            (
                "{ layouts: [[1, 0]] }",
                "field \"body\": options.layouts must be a list of column widths, such as [[1, 1], [2, 1]]",
            ),
        ] {
            let error = options(written).expect_err(written);
            assert!(
                error.starts_with("quire.yaml:8:"),
                "{written} is placed: {error}"
            );
            assert!(error.ends_with(message), "{written}: {error}");
        }
        assert!(options("{ bold: false, heading: [1, 2], image: { directory: public/a, publicPath: /a/ }, codeBlock: true }").is_ok());
    }

    #[test]
    fn a_field_with_layouts_keeps_their_tags_for_itself() {
        let text = "singletons:\n  page:\n    path: page\n    schema:\n      body:\n        kind: markdoc\n        label: Body\n        options: { layouts: [[1, 1]] }\n        components:\n          layout: { kind: block, label: Layout, schema: {} }\n";
        let error = config::parse(text).expect_err("taken").render("quire.yaml");
        assert!(
            error.contains("component \"layout\": the field writes \"layout\" tags itself"),
            "{error}"
        );
        assert!(config::parse(&text.replace("layouts: [[1, 1]]", "bold: true")).is_ok());
    }

    #[test]
    fn props_may_not_take_the_editor_s_own_keys() {
        let error = options("{ heading: { schema: { level: { kind: integer, label: Level } } } }")
            .unwrap_err();
        assert!(
            error.contains("heading schema: \"level\" is reserved for the editor"),
            "{error}"
        );
    }
}
