//! `checkbox`: true or false.

use crate::config::model::FieldKind;
use crate::config::reading::Cx;
use crate::validate::fault::{Fault, wrong_value};
use crate::value::{Node, Value};

/// The options a checkbox field takes, besides its kind, label and description.
pub(super) const OPTIONS: &[&str] = &["defaultValue"];

pub(super) fn read(cx: &mut Cx, entries: &[(String, Node)], what: &str) -> FieldKind {
    FieldKind::Checkbox {
        default_value: cx.boolean(entries, "defaultValue", what).unwrap_or(false),
    }
}

/// The problem with a checkbox's stored value (`None`: absent or null), if any.
pub(super) fn check(value: Option<&Value>) -> Result<(), Fault> {
    match value {
        None | Some(Value::Bool(_)) => Ok(()),
        Some(other) => Err(wrong_value(other, "Must be a boolean")),
    }
}
