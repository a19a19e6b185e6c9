//! `date`: a calendar day (`YYYY-MM-DD`, or a YAML timestamp at midnight UTC) within bounds. A
//! datetime is read and checked by the same rules, to the minute (`datetime.rs`).

use serde_json::Value as Json;

use crate::config::model::{DateDefault, DateValidation, FieldKind};
use crate::config::reading::{Cx, present};
use crate::timestamp::{date_from_iso, field_value_from_iso, is_valid_date_string};
use crate::validate::fault::{Fault, required, wrong_value};
use crate::value::{Node, Value};

/// The options a date or datetime field takes, besides its kind, label and description.
pub(super) const OPTIONS: &[&str] = &["defaultValue", "validation"];

pub(super) fn read(cx: &mut Cx, entries: &[(String, Node)], what: &str) -> FieldKind {
    let (default_value, validation) = read_parts(cx, entries, what, true);
    FieldKind::Date {
        default_value,
        validation,
    }
}

/// The default and the rules of a date field (`is_date`) or a datetime field.
pub(super) fn read_parts(
    cx: &mut Cx,
    entries: &[(String, Node)],
    what: &str,
    is_date: bool,
) -> (Option<DateDefault>, DateValidation) {
    let default_value = read_default(cx, entries, what, is_date);
    let validation = validation(cx, present(entries, "validation"), what, is_date);
    (default_value, validation)
}

fn read_default(
    cx: &mut Cx,
    entries: &[(String, Node)],
    what: &str,
    is_date: bool,
) -> Option<DateDefault> {
    let node = present(entries, "defaultValue")?;
    let current = if is_date { "today" } else { "now" };
    match &node.value {
        Value::Object(inner)
            if inner.len() == 1
                && present(inner, "kind").and_then(Node::as_str) == Some(current) =>
        {
            Some(DateDefault::Current)
        }
        Value::String(s) if is_valid_date_string(s, is_date) => Some(DateDefault::Value(s.clone())),
        Value::Date(iso) => Some(DateDefault::Value(date_from_iso(iso, is_date))),
        _ => {
            let shape = if is_date {
                "YYYY-MM-DD"
            } else {
                "YYYY-MM-DDTHH:mm"
            };
            cx.error(
                node,
                format!("{what}: defaultValue must be {shape} or {{ kind: {current} }}"),
            );
            None
        }
    }
}

fn validation(cx: &mut Cx, node: Option<&Node>, what: &str, is_date: bool) -> DateValidation {
    let mut validation = DateValidation {
        is_required: false,
        min: None,
        max: None,
    };
    let Some(entries) = node.and_then(|n| cx.mapping(n, &format!("{what} validation"))) else {
        return validation;
    };
    cx.known_keys(
        entries,
        &["isRequired", "min", "max"],
        &format!("{what} validation"),
    );
    validation.is_required = cx.boolean(entries, "isRequired", what).unwrap_or(false);
    let bound = |cx: &mut Cx, key: &str| -> Option<String> {
        let at = present(entries, key)?;
        let text = match &at.value {
            Value::String(s) if is_valid_date_string(s, is_date) => Some(s.clone()),
            Value::Date(iso) => Some(date_from_iso(iso, is_date)),
            _ => None,
        };
        if text.is_none() {
            let shape = if is_date {
                "YYYY-MM-DD"
            } else {
                "YYYY-MM-DDTHH:mm"
            };
            cx.error(at, format!("{what}: validation.{key} must be {shape}"));
        }
        text
    };
    validation.min = bound(cx, "min");
    validation.max = bound(cx, "max");
    validation
}

/// The first problem with a date field's stored value (`None`: absent or null).
pub(super) fn check(
    label: &str,
    value: Option<&Value>,
    default_value: &Option<DateDefault>,
    validation: &DateValidation,
) -> Result<(), Fault> {
    check_parts(label, value, default_value, validation, true)
}

/// The first problem with a date's (`is_date`) or a datetime's stored value.
pub(super) fn check_parts(
    label: &str,
    value: Option<&Value>,
    default_value: &Option<DateDefault>,
    validation: &DateValidation,
    is_date: bool,
) -> Result<(), Fault> {
    match (value, default_value) {
        (None, Some(DateDefault::Current)) => Ok(()),
        (None, Some(DateDefault::Value(v))) => {
            rule(label, Some(&Value::String(v.clone())), validation, is_date)
        }
        _ => rule(label, value, validation, is_date),
    }
}

fn rule(
    label: &str,
    value: Option<&Value>,
    validation: &DateValidation,
    is_date: bool,
) -> Result<(), Fault> {
    let kind = if is_date { "date" } else { "datetime" };
    let text = match value {
        None => None,
        Some(Value::String(s)) => Some(s.clone()),
        // A date field holds a day, a datetime field a minute: a timestamp with more in it would
        // lose its time (or its seconds) on the next save.
        Some(Value::Date(iso)) => match field_value_from_iso(iso, is_date) {
            Some(text) => Some(text),
            None => return Err(Fault::Rule(format!("{label} is not a valid {kind}"))),
        },
        Some(other) => return Err(wrong_value(other, "Must be a string or date")),
    };
    let Some(text) = text else {
        return required(label, validation.is_required);
    };
    if !is_valid_date_string(&text, is_date) {
        return Err(Fault::Rule(format!("{label} is not a valid {kind}")));
    }
    if let Some(min) = validation.min.as_ref().filter(|min| text < **min) {
        return Err(Fault::Rule(format!("{label} must be after {min}")));
    }
    if let Some(max) = validation.max.as_ref().filter(|max| text > **max) {
        return Err(Fault::Rule(format!("{label} must be no later than {max}")));
    }
    Ok(())
}

/// A list shows a stored timestamp as the day it names; other values as they are.
pub(super) fn column_value(node: &Node) -> Option<Json> {
    match &node.value {
        Value::Date(iso) => Some(Json::String(date_from_iso(iso, true))),
        _ => None,
    }
}
