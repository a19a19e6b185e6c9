//! `number`: a number within bounds, and a multiple of its step when the field says so; the bounds
//! are an integer's too.

use crate::config::model::{FieldKind, NumberValidation};
use crate::config::reading::{Cx, present};
use crate::validate::fault::{Fault, required, wrong_value};
use crate::value::{Node, Value, format_number};

/// The options a number field takes, besides its kind, label and description.
pub(super) const OPTIONS: &[&str] = &["defaultValue", "step", "validation"];

pub(super) fn read(cx: &mut Cx, entries: &[(String, Node)], what: &str) -> FieldKind {
    let (validation, validate_step) = validation(cx, present(entries, "validation"), what, true);
    FieldKind::Number {
        default_value: cx.number(entries, "defaultValue", what),
        step: cx.number(entries, "step", what),
        validation,
        validate_step,
    }
}

/// `validation: { isRequired, min, max }`, and `step` when `allow_step`: the rules, and whether a
/// value must be a multiple of the field's step.
pub(super) fn validation(
    cx: &mut Cx,
    node: Option<&Node>,
    what: &str,
    allow_step: bool,
) -> (NumberValidation, bool) {
    let mut validation = NumberValidation {
        is_required: false,
        min: None,
        max: None,
    };
    let Some(entries) = node.and_then(|n| cx.mapping(n, &format!("{what} validation"))) else {
        return (validation, false);
    };
    let allowed: &[&str] = if allow_step {
        &["isRequired", "min", "max", "step"]
    } else {
        &["isRequired", "min", "max"]
    };
    cx.known_keys(entries, allowed, &format!("{what} validation"));
    validation.is_required = cx.boolean(entries, "isRequired", what).unwrap_or(false);
    validation.min = cx.number(entries, "min", what);
    validation.max = cx.number(entries, "max", what);
    let step = allow_step && cx.boolean(entries, "step", what).unwrap_or(false);
    (validation, step)
}

/// The first problem with a number field's stored value (`None`: absent or null).
pub(super) fn check(
    label: &str,
    value: Option<&Value>,
    default_value: Option<f64>,
    step: Option<f64>,
    validation: &NumberValidation,
    validate_step: bool,
) -> Result<(), Fault> {
    let n = number_or_null(value)?.or(default_value);
    if n.is_some_and(|n| !n.is_finite()) {
        return Err(Fault::Rule(format!("{label} must be a number")));
    }
    rule(label, n, validation)?;
    match (n, step) {
        (Some(n), Some(step)) if validate_step && !is_multiple(n, step) => Err(Fault::Rule(
            format!("{label} must be a multiple of {}", format_number(step)),
        )),
        _ => Ok(()),
    }
}

/// A number value, None when absent.
pub(super) fn number_or_null(value: Option<&Value>) -> Result<Option<f64>, Fault> {
    match value {
        None => Ok(None),
        Some(Value::Number(n)) => Ok(Some(*n)),
        Some(other) => Err(wrong_value(other, "Must be a number")),
    }
}

/// The first rule of `validation` that `n` (None: no number) breaks.
pub(super) fn rule(
    label: &str,
    n: Option<f64>,
    validation: &NumberValidation,
) -> Result<(), Fault> {
    let Some(n) = n else {
        return required(label, validation.is_required);
    };
    if let Some(min) = validation.min.filter(|min| n < *min) {
        return Err(Fault::Rule(format!(
            "{label} must be at least {}",
            format_number(min)
        )));
    }
    if let Some(max) = validation.max.filter(|max| n > *max) {
        return Err(Fault::Rule(format!(
            "{label} must be at most {}",
            format_number(max)
        )));
    }
    Ok(())
}

/// `n` is a multiple of `step`, compared in the step's decimal places so `0.3` is a multiple of `0.1`.
fn is_multiple(n: f64, step: f64) -> bool {
    if step == 0.0 {
        return true;
    }
    let places = |x: f64| format_number(x).split_once('.').map_or(0, |(_, d)| d.len()) as i32;
    let scale = 10f64.powi(places(step).max(places(n)));
    let (n, step) = ((n * scale).round(), (step * scale).round());
    (n % step).abs() < f64::EPSILON
}
