//! Rules of the kinds that hold one value: text, slug, numbers, checkbox, select, dates, url.
//!
//! A scalar stored where another scalar belongs (`'12'` in an integer, `'no'` in a checkbox, an
//! option that is not one) breaks a rule of the field: the admin opens the entry with the field's
//! message and the stored text, and keeps that text until the editor sets the field. A mapping or a
//! list stored in such a field has the wrong shape and keeps the entry from opening.

use super::{Fault, SlugContext};
use crate::config::{
    DateDefault, DateValidation, Field, FieldKind, NumberValidation, TextValidation,
};
use crate::timestamp::{field_value_from_iso, is_valid_date_string};
use crate::value::{Value, format_number};

/// The first problem with a one-value field's stored value (`None`: absent or null).
pub(super) fn check_field(
    field: &Field,
    value: Option<&Value>,
    slug: Option<SlugContext<'_>>,
) -> Result<(), Fault> {
    let label = field.label.as_str();
    match &field.kind {
        FieldKind::Text {
            validation,
            default_value,
            ..
        } => match value {
            // An absent value opens as the default, as in the admin.
            None => text_rule(label, default_value, validation),
            Some(Value::String(text)) => text_rule(label, text, validation),
            Some(other) => Err(wrong_value(other, "Must be a string")),
        },
        FieldKind::Slug {
            name_validation,
            slug_label,
            slug_validation,
            ..
        } => {
            let from_path = slug.and_then(|context| context.slug);
            let (name, slug_text) = match (from_path, value) {
                (Some(from_path), _) => (string_or_empty(value)?, from_path.to_string()),
                (None, None) => (String::new(), String::new()),
                (None, Some(Value::Object(parts))) => {
                    if let Some((key, _)) = parts.iter().find(|(k, _)| k != "name" && k != "slug") {
                        return Err(Fault::Shape(format!(
                            "Key on object value \"{key}\" is not allowed"
                        )));
                    }
                    let part = |key: &str| match parts
                        .iter()
                        .find(|(k, _)| k == key)
                        .map(|(_, n)| &n.value)
                    {
                        Some(Value::String(s)) => Ok(s.clone()),
                        _ => Err(Fault::Shape("Must be a string".into())),
                    };
                    (part("name")?, part("slug")?)
                }
                (None, Some(_)) => return Err(Fault::Shape("Must be an object".into())),
            };
            text_rule(label, &name, name_validation)?;
            text_rule(slug_label, &slug_text, slug_validation)?;
            slug_rule(slug_label, &slug_text, slug.is_some_and(|c| c.nested))?;
            match slug {
                Some(context) if context.taken.contains(&slug_text) => {
                    Err(Fault::Rule(format!("{slug_label} must be unique")))
                }
                _ => Ok(()),
            }
        }
        FieldKind::Integer {
            validation,
            default_value,
        } => {
            let n = number_or_null(value)?.or(*default_value);
            // Beyond 2^53 a number is no longer read exactly: the digits after the 16th are lost.
            if n.is_some_and(|n| n.fract() != 0.0 || n.abs() > MAX_SAFE_INTEGER) {
                return Err(Fault::Rule(format!("{label} must be a whole number")));
            }
            number_rule(label, n, validation)
        }
        FieldKind::Number {
            step,
            validation,
            validate_step,
            default_value,
        } => {
            let n = number_or_null(value)?.or(*default_value);
            if n.is_some_and(|n| !n.is_finite()) {
                return Err(Fault::Rule(format!("{label} must be a number")));
            }
            number_rule(label, n, validation)?;
            match (n, step) {
                (Some(n), Some(step)) if *validate_step && !is_multiple(n, *step) => {
                    Err(Fault::Rule(format!(
                        "{label} must be a multiple of {}",
                        format_number(*step)
                    )))
                }
                _ => Ok(()),
            }
        }
        FieldKind::Checkbox { .. } => match value {
            None | Some(Value::Bool(_)) => Ok(()),
            Some(other) => Err(wrong_value(other, "Must be a boolean")),
        },
        FieldKind::Select { options, .. } => match value {
            None => Ok(()),
            Some(Value::String(s)) if options.iter().any(|(_, v)| v == s) => Ok(()),
            Some(Value::String(_)) => Err(Fault::Rule("Must be a valid option".into())),
            Some(other) => Err(wrong_value(other, "Must be a string")),
        },
        FieldKind::Date {
            validation,
            default_value,
        }
        | FieldKind::Datetime {
            validation,
            default_value,
        } => {
            let is_date = matches!(field.kind, FieldKind::Date { .. });
            match (value, default_value) {
                (None, Some(DateDefault::Current)) => Ok(()),
                (None, Some(DateDefault::Value(v))) => {
                    date_rule(label, Some(&Value::String(v.clone())), validation, is_date)
                }
                _ => date_rule(label, value, validation, is_date),
            }
        }
        FieldKind::Url {
            is_required,
            default_value,
        } => {
            let default = default_value.clone().map(Value::String);
            match value.or(default.as_ref()) {
                None => required(label, *is_required),
                Some(Value::String(s)) if s.is_empty() => required(label, *is_required),
                Some(Value::String(s)) if url::Url::parse(s).is_err() => {
                    Err(Fault::Rule(format!("{label} is not a valid URL")))
                }
                Some(Value::String(_)) => Ok(()),
                Some(other) => Err(wrong_value(other, "Must be a string")),
            }
        }
        _ => Ok(()),
    }
}

/// The largest integer a JavaScript number holds exactly (`Number.MAX_SAFE_INTEGER`).
const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_991.0;

/// A value a field cannot hold: a rule broken when it is a scalar (the admin keeps and shows it),
/// a wrong shape when it is a mapping or a list (or a null item of a list).
pub(super) fn wrong_value(value: &Value, message: &str) -> Fault {
    if is_scalar(value) {
        Fault::Rule(message.into())
    } else {
        Fault::Shape(message.into())
    }
}

/// A string, number, boolean or timestamp.
pub(super) fn is_scalar(value: &Value) -> bool {
    matches!(
        value,
        Value::String(_) | Value::Number(_) | Value::Bool(_) | Value::Date(_)
    )
}

pub(super) fn required(label: &str, is_required: bool) -> Result<(), Fault> {
    if is_required {
        Err(Fault::Rule(format!("{label} is required")))
    } else {
        Ok(())
    }
}

/// A string value, `""` when absent.
pub(super) fn string_or_empty(value: Option<&Value>) -> Result<String, Fault> {
    match value {
        None => Ok(String::new()),
        Some(Value::String(s)) => Ok(s.clone()),
        Some(_) => Err(Fault::Shape("Must be a string".into())),
    }
}

fn number_or_null(value: Option<&Value>) -> Result<Option<f64>, Fault> {
    match value {
        None => Ok(None),
        Some(Value::Number(n)) => Ok(Some(*n)),
        Some(other) => Err(wrong_value(other, "Must be a number")),
    }
}

/// JavaScript string length: UTF-16 code units.
fn js_length(text: &str) -> usize {
    text.encode_utf16().count()
}

fn text_rule(label: &str, text: &str, validation: &TextValidation) -> Result<(), Fault> {
    let length = js_length(text);
    if length < validation.min {
        return Err(Fault::Rule(if validation.min == 1 {
            format!("{label} must not be empty")
        } else {
            format!(
                "{label} must be at least {} characters long",
                validation.min
            )
        }));
    }
    if let Some(max) = validation.max.filter(|max| length > *max) {
        return Err(Fault::Rule(format!(
            "{label} must be no longer than {max} characters"
        )));
    }
    match &validation.pattern {
        Some(pattern) if !pattern.regex.is_match(text) => {
            Err(Fault::Rule(pattern.message.clone().unwrap_or_else(|| {
                format!(
                    "{label} must match the pattern /{}/",
                    pattern.regex.as_str()
                )
            })))
        }
        _ => Ok(()),
    }
}

fn slug_rule(label: &str, slug: &str, nested: bool) -> Result<(), Fault> {
    let segments: Vec<&str> = if nested {
        slug.split('/').collect()
    } else {
        vec![slug]
    };
    for bad in ["..", "."] {
        if segments.contains(&bad) {
            return Err(Fault::Rule(format!("{label} must not be {bad}")));
        }
    }
    if nested && slug.contains('\\') {
        return Err(Fault::Rule(format!("{label} must not contain backslashes")));
    }
    if !nested && slug.contains(['/', '\\']) {
        return Err(Fault::Rule(format!("{label} must not contain slashes")));
    }
    if slug.trim() != slug {
        return Err(Fault::Rule(format!(
            "{label} must not start or end with spaces"
        )));
    }
    Ok(())
}

fn number_rule(label: &str, n: Option<f64>, validation: &NumberValidation) -> Result<(), Fault> {
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

fn date_rule(
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
