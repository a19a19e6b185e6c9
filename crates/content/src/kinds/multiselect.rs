//! `multiselect`: a list of the field's options, by value.

use super::select;
use crate::config::model::FieldKind;
use crate::config::reading::{Cx, present};
use crate::validate::fault::{Fault, is_scalar, wrong_value};
use crate::validate::walk::{Walk, join};
use crate::value::{Node, Pos, Value};

/// The options a multiselect field takes, besides its kind, label and description.
pub(super) const OPTIONS: &[&str] = &["options", "defaultValue"];

pub(super) fn read(cx: &mut Cx, entries: &[(String, Node)], what: &str, node: &Node) -> FieldKind {
    let options = select::options(cx, entries, what, node);
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

/// Records the first problem of a multiselect's stored list (`node` None: absent).
pub(super) fn check(
    walk: &mut Walk<'_>,
    options: &[(String, String)],
    node: Option<&Node>,
    path: &str,
    pos: Option<Pos>,
) {
    let Some(items) = walk.items(node, path, pos) else {
        return;
    };
    let fault = items.iter().enumerate().find_map(|(index, item)| {
        let fault = match &item.value {
            Value::String(s) if options.iter().any(|(_, v)| v == s) => return None,
            Value::String(_) => Fault::Rule("Must be a valid option".into()),
            other => wrong_value(other, "Must be a string"),
        };
        Some((index, fault, item.pos))
    });
    // A list item of the wrong shape keeps the entry from opening, wherever it is.
    let shape = items.iter().enumerate().find_map(|(index, item)| {
        (!is_scalar(&item.value)).then_some((
            index,
            Fault::Shape("Must be a string".into()),
            item.pos,
        ))
    });
    if let Some((index, fault, at)) = shape.or(fault) {
        walk.fault(&join(path, &index.to_string()), fault, at.or(pos));
    }
}
