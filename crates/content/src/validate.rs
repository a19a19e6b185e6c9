//! Checks stored values against their fields with the admin's exact messages.
//!
//! Each field yields at most one message: the first rule that fails, as the admin shows it.
//! Parse problems (wrong type, unknown key) and validation problems read alike.

use crate::config::{DateValidation, Field, FieldKind, NumberValidation, Schema, TextValidation};
use crate::timestamp::{date_from_iso, is_valid_date_string};
use crate::value::{Node, Pos, Value, format_number};

/// A problem with one field of an entry.
#[derive(Debug, Clone, PartialEq)]
pub struct Problem {
    /// The field's key (dotted for nested values).
    pub field: String,
    pub message: String,
    pub pos: Option<Pos>,
}

/// What the gate knows about the entry being checked.
#[derive(Debug, Clone, Copy)]
pub struct EntryContext<'a> {
    /// The collection's slug field and the slug taken from the file's path.
    pub slug: Option<SlugContext<'a>>,
}

#[derive(Debug, Clone, Copy)]
pub struct SlugContext<'a> {
    pub field: &'a str,
    pub slug: &'a str,
    /// Slugs may contain `/` (a `**` glob).
    pub nested: bool,
}

/// Checks an entry's data (a mapping; null counts as empty) against its schema.
pub fn validate_entry(schema: &Schema, data: &Node, context: EntryContext<'_>) -> Vec<Problem> {
    let problem = |field: &str, message: String, pos| Problem { field: field.into(), message, pos };
    let entries: &[(String, Node)] = match &data.value {
        Value::Null => &[],
        Value::Object(entries) => entries,
        _ => return vec![problem("", "Must be an object".into(), data.pos)],
    };
    let mut problems = Vec::new();
    for (key, node) in entries {
        if !schema.iter().any(|(k, _)| k == key) {
            problems.push(problem(key, format!("Key on object value \"{key}\" is not allowed"), node.pos));
        }
    }
    for (key, field) in schema {
        let node = entries.iter().find(|(k, _)| k == key).map(|(_, n)| n).filter(|n| n.value != Value::Null);
        let slug = context.slug.filter(|s| s.field == key);
        if let Some(message) = validate_field(field, node, slug) {
            problems.push(problem(key, message, node.and_then(|n| n.pos).or(data.pos)));
        }
    }
    problems
}

/// The first problem with one field's stored value (`None`: absent or null).
pub fn validate_field(field: &Field, node: Option<&Node>, slug: Option<SlugContext<'_>>) -> Option<String> {
    check_field(field, node.map(|n| &n.value), slug).err()
}

fn check_field(field: &Field, value: Option<&Value>, slug: Option<SlugContext<'_>>) -> Result<(), String> {
    let label = field.label.as_str();
    match &field.kind {
        FieldKind::Text { validation, .. } => text_rule(label, &string_or_empty(value)?, validation),
        FieldKind::Slug { name_validation, slug_label, slug_validation, .. } => {
            let (name, slug_text, nested) = match (slug, value) {
                (Some(context), _) => (string_or_empty(value)?, context.slug.to_string(), context.nested),
                (None, None) => (String::new(), String::new(), false),
                (None, Some(Value::Object(parts))) => {
                    if let Some((key, _)) = parts.iter().find(|(k, _)| k != "name" && k != "slug") {
                        return Err(format!("Key on object value \"{key}\" is not allowed"));
                    }
                    let part = |key: &str| string_or_empty(parts.iter().find(|(k, _)| k == key).map(|(_, n)| &n.value));
                    (part("name")?, part("slug")?, false)
                }
                (None, Some(_)) => return Err("Must be an object".into()),
            };
            text_rule(label, &name, name_validation)?;
            text_rule(slug_label, &slug_text, slug_validation)?;
            slug_rule(slug_label, &slug_text, nested)
        }
        FieldKind::Integer { validation, .. } => {
            let n = number_or_null(value)?;
            if n.is_some_and(|n| n.fract() != 0.0) {
                return Err(format!("{label} must be a whole number"));
            }
            number_rule(label, n, validation)
        }
        FieldKind::Number { step, validation, validate_step, .. } => {
            let n = number_or_null(value)?;
            if n.is_some_and(|n| !n.is_finite()) {
                return Err(format!("{label} must be a number"));
            }
            number_rule(label, n, validation)?;
            match (n, step) {
                (Some(n), Some(step)) if *validate_step && !is_multiple(n, *step) => {
                    Err(format!("{label} must be a multiple of {}", format_number(*step)))
                }
                _ => Ok(()),
            }
        }
        FieldKind::Checkbox { .. } => match value {
            None | Some(Value::Bool(_)) => Ok(()),
            Some(_) => Err("Must be a boolean".into()),
        },
        FieldKind::Select { options, .. } => match value {
            None => Ok(()),
            Some(Value::String(s)) if options.iter().any(|(_, v)| v == s) => Ok(()),
            Some(Value::String(_)) => Err("Must be a valid option".into()),
            Some(_) => Err("Must be a string".into()),
        },
        FieldKind::Date { validation, .. } => date_rule(label, value, validation, true),
        FieldKind::Datetime { validation, .. } => date_rule(label, value, validation, false),
        FieldKind::Url { is_required, .. } => match value {
            None => required(label, *is_required),
            Some(Value::String(s)) if s.is_empty() => required(label, *is_required),
            Some(Value::String(s)) if url::Url::parse(s).is_err() => Err(format!("{label} is not a valid URL")),
            Some(Value::String(_)) => Ok(()),
            Some(_) => Err("Must be a string".into()),
        },
        FieldKind::Content { .. } | FieldKind::Unsupported { .. } => Ok(()),
    }
}

fn required(label: &str, is_required: bool) -> Result<(), String> {
    if is_required { Err(format!("{label} is required")) } else { Ok(()) }
}

/// A string value, `""` when absent.
fn string_or_empty(value: Option<&Value>) -> Result<String, String> {
    match value {
        None => Ok(String::new()),
        Some(Value::String(s)) => Ok(s.clone()),
        Some(_) => Err("Must be a string".into()),
    }
}

fn number_or_null(value: Option<&Value>) -> Result<Option<f64>, String> {
    match value {
        None => Ok(None),
        Some(Value::Number(n)) => Ok(Some(*n)),
        Some(_) => Err("Must be a number".into()),
    }
}

/// JavaScript string length: UTF-16 code units.
fn js_length(text: &str) -> usize {
    text.encode_utf16().count()
}

fn text_rule(label: &str, text: &str, validation: &TextValidation) -> Result<(), String> {
    let length = js_length(text);
    if length < validation.min {
        return Err(if validation.min == 1 {
            format!("{label} must not be empty")
        } else {
            format!("{label} must be at least {} characters long", validation.min)
        });
    }
    if let Some(max) = validation.max.filter(|max| length > *max) {
        return Err(format!("{label} must be no longer than {max} characters"));
    }
    match &validation.pattern {
        Some(pattern) if !pattern.regex.is_match(text) => Err(pattern
            .message
            .clone()
            .unwrap_or_else(|| format!("{label} must match the pattern /{}/", pattern.regex.as_str()))),
        _ => Ok(()),
    }
}

fn slug_rule(label: &str, slug: &str, nested: bool) -> Result<(), String> {
    if slug == "." || slug == ".." {
        return Err(format!("{label} must not be {slug}"));
    }
    if nested && slug.split('/').any(|s| s == "." || s == "..") {
        return Err(format!("{label} must not contain . or .. segments"));
    }
    if slug.contains('\\') {
        return Err(format!("{label} must not contain backslashes"));
    }
    if !nested && slug.contains('/') {
        return Err(format!("{label} must not contain slashes"));
    }
    if slug.trim() != slug {
        return Err(format!("{label} must not start or end with spaces"));
    }
    Ok(())
}

fn number_rule(label: &str, n: Option<f64>, validation: &NumberValidation) -> Result<(), String> {
    let Some(n) = n else {
        return required(label, validation.is_required);
    };
    if let Some(min) = validation.min.filter(|min| n < *min) {
        return Err(format!("{label} must be at least {}", format_number(min)));
    }
    if let Some(max) = validation.max.filter(|max| n > *max) {
        return Err(format!("{label} must be at most {}", format_number(max)));
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

fn date_rule(label: &str, value: Option<&Value>, validation: &DateValidation, is_date: bool) -> Result<(), String> {
    let text = match value {
        None => None,
        Some(Value::String(s)) => Some(s.clone()),
        Some(Value::Date(iso)) => Some(date_from_iso(iso, is_date)),
        Some(_) => return Err("Must be a string or date".into()),
    };
    let kind = if is_date { "date" } else { "datetime" };
    let Some(text) = text else {
        return required(label, validation.is_required);
    };
    if !is_valid_date_string(&text, is_date) {
        return Err(format!("{label} is not a valid {kind}"));
    }
    if let Some(min) = validation.min.as_ref().filter(|min| text < **min) {
        return Err(format!("{label} must be after {min}"));
    }
    if let Some(max) = validation.max.as_ref().filter(|max| text > **max) {
        return Err(format!("{label} must be no later than {max}"));
    }
    Ok(())
}
