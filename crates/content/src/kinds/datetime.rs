//! `datetime`: a day and a time to the minute (`YYYY-MM-DDTHH:mm`, or a YAML timestamp on a whole
//! minute), read and checked by the date rules (`date.rs`).

use serde_json::Value as Json;

use super::date;
use crate::config::model::{DateDefault, DateValidation, FieldKind};
use crate::config::reading::Cx;
use crate::timestamp::date_from_iso;
use crate::validate::fault::Fault;
use crate::value::{Node, Value};

/// The options a datetime field takes, besides its kind, label and description.
pub(super) const OPTIONS: &[&str] = date::OPTIONS;

pub(super) fn read(cx: &mut Cx, entries: &[(String, Node)], what: &str) -> FieldKind {
    let (default_value, validation) = date::read_parts(cx, entries, what, false);
    FieldKind::Datetime {
        default_value,
        validation,
    }
}

/// The first problem with a datetime field's stored value (`None`: absent or null).
pub(super) fn check(
    label: &str,
    value: Option<&Value>,
    default_value: &Option<DateDefault>,
    validation: &DateValidation,
) -> Result<(), Fault> {
    date::check_parts(label, value, default_value, validation, false)
}

/// A list shows a stored timestamp as the minute it names; other values as they are.
pub(super) fn column_value(node: &Node) -> Option<Json> {
    match &node.value {
        Value::Date(iso) => Some(Json::String(date_from_iso(iso, false))),
        _ => None,
    }
}
