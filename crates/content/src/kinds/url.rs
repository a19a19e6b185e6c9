//! `url`: an absolute URL, as the WHATWG URL parser reads one.

use crate::config::model::FieldKind;
use crate::config::reading::{Cx, present};
use crate::validate::fault::{Fault, required, wrong_value};
use crate::value::{Node, Value};

/// The options a url field takes, besides its kind, label and description.
pub(super) const OPTIONS: &[&str] = &["defaultValue", "validation"];

pub(super) fn read(cx: &mut Cx, entries: &[(String, Node)], what: &str) -> FieldKind {
    let validation = present(entries, "validation").and_then(|v| cx.mapping(v, what));
    if let Some(v) = validation {
        cx.known_keys(v, &["isRequired"], &format!("{what} validation"));
    }
    FieldKind::Url {
        default_value: cx
            .string(entries, "defaultValue", what)
            .filter(|s| !s.is_empty()),
        is_required: validation
            .and_then(|v| cx.boolean(v, "isRequired", what))
            .unwrap_or(false),
    }
}

/// The first problem with a url field's stored value (`None`: absent or null, read as the default).
pub(super) fn check(
    label: &str,
    value: Option<&Value>,
    default_value: &Option<String>,
    is_required: bool,
) -> Result<(), Fault> {
    let default = default_value.clone().map(Value::String);
    match value.or(default.as_ref()) {
        None => required(label, is_required),
        Some(Value::String(s)) if s.is_empty() => required(label, is_required),
        Some(Value::String(s)) if url::Url::parse(s).is_err() => {
            Err(Fault::Rule(format!("{label} is not a valid URL")))
        }
        Some(Value::String(_)) => Ok(()),
        Some(other) => Err(wrong_value(other, "Must be a string")),
    }
}
