//! Reads the kinds that hold values of other kinds or point elsewhere: multiselect, file and image,
//! cloudImage, relationship, multiRelationship, pathReference, array, blocks, conditional, object.

use super::model::*;
use super::nested::ReadFields;
use super::reading::{Cx, present};
use super::validation::{is_required, length};
use crate::value::{Node, Value};

/// Options `[{ label, value }]` of select-like kinds.
pub(super) fn options(
    cx: &mut Cx,
    entries: &[(String, Node)],
    what: &str,
    node: &Node,
) -> Vec<(String, String)> {
    let mut options = Vec::new();
    let Some(list) = present(entries, "options") else {
        cx.error(node, format!("{what}: options are required"));
        return options;
    };
    let Value::Array(items) = &list.value else {
        cx.error(
            list,
            format!("{what}: options must be a list of {{ label, value }}"),
        );
        return options;
    };
    for item in items {
        let Some(option) = cx.mapping(item, &format!("{what} option")) else {
            continue;
        };
        cx.known_keys(option, &["label", "value"], &format!("{what} option"));
        match (
            cx.string(option, "label", what),
            cx.string(option, "value", what),
        ) {
            (Some(label), Some(value)) => options.push((label, value)),
            _ => cx.error(
                item,
                format!("{what}: every option needs a label and a value"),
            ),
        }
    }
    if options.is_empty() {
        cx.error(list, format!("{what}: at least one option is required"));
    }
    options
}

pub(super) fn multiselect(
    cx: &mut Cx,
    entries: &[(String, Node)],
    what: &str,
    node: &Node,
) -> FieldKind {
    let options = options(cx, entries, what, node);
    let default_value = cx.strings(entries, "defaultValue", what);
    for value in &default_value {
        if !options.iter().any(|(_, v)| v == value) {
            let at = present(entries, "defaultValue").unwrap_or(node);
            cx.error(
                at,
                format!("{what}: defaultValue \"{value}\" is not one of the options"),
            );
        }
    }
    FieldKind::Multiselect {
        options,
        default_value,
    }
}

pub(super) fn asset(cx: &mut Cx, entries: &[(String, Node)], what: &str, image: bool) -> FieldKind {
    let directory = cx
        .string(entries, "directory", what)
        .map(|d| crate::path_text::fix_path(&d).to_string());
    if let (Some(dir), Some(at)) = (&directory, present(entries, "directory"))
        && !crate::path_text::is_clean_path(dir)
    {
        cx.error(
            at,
            format!("{what}: directory must be a relative folder inside the site"),
        );
    }
    FieldKind::Asset {
        image,
        directory,
        public_path: cx.string(entries, "publicPath", what),
        is_required: is_required(cx, entries, what),
    }
}

pub(super) fn relationship(
    cx: &mut Cx,
    entries: &[(String, Node)],
    what: &str,
    node: &Node,
    many: bool,
) -> FieldKind {
    let collection = cx.string(entries, "collection", what).unwrap_or_default();
    if collection.is_empty() {
        cx.error(node, format!("{what}: collection is required"));
    } else {
        let at = present(entries, "collection").unwrap_or(node).pos;
        cx.references
            .push((collection.clone(), at, what.to_string()));
    }
    if many {
        FieldKind::MultiRelationship {
            collection,
            length: length(cx, entries, what),
        }
    } else {
        FieldKind::Relationship {
            collection,
            is_required: is_required(cx, entries, what),
        }
    }
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

pub(super) fn array(
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
        match &element.kind {
            FieldKind::Object { fields, .. } => match fields.iter().find(|(k, _)| k == name) {
                Some((_, f)) if matches!(f.kind, FieldKind::Slug { .. }) => {}
                Some(_) => cx.error(at, format!("{what}: slugField is a not a slug field")),
                None => cx.error(
                    at,
                    format!("{what}: slugField \"{name}\" is not a field of the element"),
                ),
            },
            _ => cx.error(at, format!("{what}: slugField needs an object element")),
        }
    }
    Some(FieldKind::Array {
        element: Box::new(element),
        item_label: item_label(cx, entries, what),
        slug_field,
        length: length(cx, entries, what),
    })
}

pub(super) fn blocks(
    cx: &mut Cx,
    entries: &[(String, Node)],
    what: &str,
    node: &Node,
) -> FieldKind {
    let mut blocks = Vec::new();
    match present(entries, "blocks").map(|n| (n, cx.mapping(n, &format!("{what} blocks")))) {
        Some((_, Some(kinds))) => {
            for (key, block) in kinds {
                let block_what = format!("{what} block \"{key}\"");
                let Some(parts) = cx.mapping(block, &block_what) else {
                    continue;
                };
                cx.known_keys(parts, &["label", "schema", "itemLabel"], &block_what);
                let label = cx
                    .string(parts, "label", &block_what)
                    .unwrap_or_else(|| key.clone());
                let Some(schema_node) = present(parts, "schema") else {
                    cx.error(block, format!("{block_what}: schema is required"));
                    continue;
                };
                let item_label = item_label(cx, parts, &block_what);
                if let Some(schema) = cx.field("schema", schema_node, &block_what) {
                    blocks.push((
                        key.clone(),
                        Block {
                            label,
                            schema,
                            item_label,
                        },
                    ));
                }
            }
            if kinds.is_empty() {
                cx.error(
                    node,
                    format!("{what}: blocks needs at least one block kind"),
                );
            }
        }
        Some((_, None)) => {}
        None => cx.error(
            node,
            format!("{what}: blocks needs at least one block kind"),
        ),
    }
    FieldKind::Blocks {
        blocks,
        length: length(cx, entries, what),
    }
}

pub(super) fn conditional(
    cx: &mut Cx,
    entries: &[(String, Node)],
    what: &str,
    node: &Node,
) -> Option<FieldKind> {
    let Some(discriminant_node) = present(entries, "discriminant") else {
        cx.error(node, format!("{what}: discriminant is required"));
        return None;
    };
    let discriminant = cx.field("discriminant", discriminant_node, what)?;
    let expected: Vec<String> = match &discriminant.kind {
        FieldKind::Select { options, .. } => options.iter().map(|(_, v)| v.clone()).collect(),
        FieldKind::Checkbox { .. } => vec!["true".into(), "false".into()],
        _ => {
            cx.error(
                discriminant_node,
                format!("{what}: the discriminant must be a select or checkbox field"),
            );
            return None;
        }
    };
    let values_node = present(entries, "values");
    let values = cx.schema(values_node, &format!("{what} values"), node);
    for value in &expected {
        if !values.iter().any(|(k, _)| k == value) {
            cx.error(
                values_node.unwrap_or(node),
                format!("{what}: values needs a field for \"{value}\""),
            );
        }
    }
    for (key, _) in &values {
        if !expected.contains(key) {
            cx.error(
                values_node.unwrap_or(node),
                format!("{what}: values has \"{key}\", which the discriminant cannot take"),
            );
        }
    }
    Some(FieldKind::Conditional {
        discriminant: Box::new(discriminant),
        values,
    })
}

pub(super) fn object(
    cx: &mut Cx,
    entries: &[(String, Node)],
    what: &str,
    node: &Node,
) -> FieldKind {
    let fields = cx.schema(present(entries, "fields"), what, node);
    let layout = present(entries, "layout").and_then(|at| {
        let Value::Array(items) = &at.value else {
            cx.error(at, format!("{what}: layout must be a list of column spans"));
            return None;
        };
        let spans: Vec<f64> = items
            .iter()
            .map(|i| {
                if let Value::Number(n) = i.value {
                    n
                } else {
                    -1.0
                }
            })
            .collect();
        match layout_problem(&spans, fields.len()) {
            Some(problem) => {
                cx.error(at, format!("{what}: {problem}"));
                None
            }
            None => Some(spans.iter().map(|s| *s as u32).collect()),
        }
    });
    FieldKind::Object { fields, layout }
}

/// Keystatic's layout rules: a span per field, each 1 to 12, filling rows of exactly 12 columns.
fn layout_problem(spans: &[f64], fields: usize) -> Option<&'static str> {
    if spans.len() != fields {
        return Some("A column span is required for every field in the layout");
    }
    if spans.iter().any(|s| *s <= 0.0 || s.fract() != 0.0) {
        return Some("The layout must not contain empty columns");
    }
    if spans.iter().any(|s| *s > 12.0) {
        return Some("Fields may not span more than 12 columns");
    }
    let mut row = 0.0;
    for span in spans {
        row += span;
        if row > 12.0 {
            return Some("The layout must span exactly 12 columns");
        }
        if row == 12.0 {
            row = 0.0;
        }
    }
    (row != 0.0).then_some("The layout must span exactly 12 columns")
}

#[cfg(test)]
mod tests {
    use super::layout_problem;

    #[test]
    fn layouts_fill_rows_of_twelve() {
        assert_eq!(layout_problem(&[6.0, 6.0, 12.0], 3), None);
        assert_eq!(
            layout_problem(&[6.0, 6.0], 3),
            Some("A column span is required for every field in the layout")
        );
        assert_eq!(
            layout_problem(&[0.0, 12.0], 2),
            Some("The layout must not contain empty columns")
        );
        assert_eq!(
            layout_problem(&[13.0], 1),
            Some("Fields may not span more than 12 columns")
        );
        assert_eq!(
            layout_problem(&[8.0, 8.0], 2),
            Some("The layout must span exactly 12 columns")
        );
        assert_eq!(
            layout_problem(&[6.0], 1),
            Some("The layout must span exactly 12 columns")
        );
    }
}
