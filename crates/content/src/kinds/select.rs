//! `select`: one of the field's options, by value.

use crate::config::model::FieldKind;
use crate::config::reading::{Cx, present};
use crate::validate::fault::{Fault, wrong_value};
use crate::value::{Node, Value};

/// The options a select field takes, besides its kind, label and description.
pub(super) const OPTIONS: &[&str] = &["options", "defaultValue"];

pub(super) fn read(cx: &mut Cx, entries: &[(String, Node)], what: &str, node: &Node) -> FieldKind {
    let options = options(cx, entries, what, node);
    let default_value = match cx.string(entries, "defaultValue", what) {
        Some(value) if options.iter().any(|(_, v)| *v == value) => value,
        Some(value) => {
            let at = present(entries, "defaultValue").unwrap_or(node);
            cx.error(at, format!("{what}: a defaultValue of \"{value}\" was provided for a select field but it does not match the value of one of the options provided"));
            value
        }
        None => options.first().map(|(_, v)| v.clone()).unwrap_or_default(),
    };
    FieldKind::Select {
        options,
        default_value,
    }
}

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

/// The problem with a select's stored value (`None`: absent or null, read as the default), if any.
pub(super) fn check(value: Option<&Value>, options: &[(String, String)]) -> Result<(), Fault> {
    match value {
        None => Ok(()),
        Some(Value::String(s)) if options.iter().any(|(_, v)| v == s) => Ok(()),
        Some(Value::String(_)) => Err(Fault::Rule("Must be a valid option".into())),
        Some(other) => Err(wrong_value(other, "Must be a string")),
    }
}
