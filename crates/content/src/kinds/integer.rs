//! `integer`: a whole number that JavaScript holds exactly, within the number rules' bounds.

use super::number;
use crate::config::model::{FieldKind, NumberValidation};
use crate::config::reading::{Cx, present};
use crate::validate::fault::Fault;
use crate::value::{Node, Value};

/// The options an integer field takes, besides its kind, label and description.
pub(super) const OPTIONS: &[&str] = &["defaultValue", "validation"];

/// The largest integer a JavaScript number holds exactly (`Number.MAX_SAFE_INTEGER`).
const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_991.0;

pub(super) fn read(cx: &mut Cx, entries: &[(String, Node)], what: &str) -> FieldKind {
    let default_value = cx.number(entries, "defaultValue", what);
    if let (Some(n), Some(at)) = (default_value, present(entries, "defaultValue"))
        && n.fract() != 0.0
    {
        cx.error(at, format!("{what}: defaultValue must be a whole number"));
    }
    let (validation, _) = number::validation(cx, present(entries, "validation"), what, false);
    FieldKind::Integer {
        default_value,
        validation,
    }
}

/// The first problem with an integer field's stored value (`None`: absent or null).
pub(super) fn check(
    label: &str,
    value: Option<&Value>,
    default_value: Option<f64>,
    validation: &NumberValidation,
) -> Result<(), Fault> {
    let n = number::number_or_null(value)?.or(default_value);
    // Beyond 2^53 a number is no longer read exactly: the digits after the 16th are lost.
    if n.is_some_and(|n| n.fract() != 0.0 || n.abs() > MAX_SAFE_INTEGER) {
        return Err(Fault::Rule(format!("{label} must be a whole number")));
    }
    number::rule(label, n, validation)
}
