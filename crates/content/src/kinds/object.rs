//! `object`: a mapping of named fields, optionally laid out in rows of twelve columns. An entry's
//! data is checked as the object of its schema's fields.

use crate::config::model::{FieldKind, Schema};
use crate::config::nested::ReadFields;
use crate::config::reading::{Cx, present};
use crate::validate::walk::{self, CheckFields, Walk, join};
use crate::value::{Node, Pos, Value};

/// The options an object field takes, besides its kind, label and description.
pub(super) const OPTIONS: &[&str] = &["fields", "layout"];

pub(super) fn read(cx: &mut Cx, entries: &[(String, Node)], what: &str, node: &Node) -> FieldKind {
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

/// Records the problems of a mapping of `fields` (`node` None: absent, as is null): keys it does
/// not declare, then each field's, in schema order.
pub(super) fn check(
    walk: &mut Walk<'_>,
    fields: &Schema,
    node: Option<&Node>,
    path: &str,
    pos: Option<Pos>,
) {
    let entries: &[(String, Node)] = match walk::present(node).map(|n| &n.value) {
        None => &[],
        Some(Value::Object(entries)) => entries,
        Some(_) => return walk.shape(path, "Must be an object", pos),
    };
    for (key, value) in entries {
        if !fields.iter().any(|(k, _)| k == key) {
            let message = format!("Key on object value \"{key}\" is not allowed");
            walk.shape(&join(path, key), message, value.pos.or(pos));
        }
    }
    for (key, field) in fields {
        let child = walk::present(entries.iter().find(|(k, _)| k == key).map(|(_, n)| n));
        walk.field(
            field,
            child,
            &join(path, key),
            child.and_then(|n| n.pos).or(pos),
        );
    }
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
