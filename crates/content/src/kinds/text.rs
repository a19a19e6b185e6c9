//! `text`: a line (or lines) of text, with length and pattern rules; the same rules check a slug
//! field's name and slug.

use crate::config::model::{FieldKind, Pattern, TextValidation};
use crate::config::reading::{Cx, present};
use crate::validate::fault::{Fault, wrong_value};
use crate::value::{Node, Value};

/// The options a text field takes, besides its kind, label and description.
pub(super) const OPTIONS: &[&str] = &["multiline", "defaultValue", "validation"];

pub(super) fn read(cx: &mut Cx, entries: &[(String, Node)], what: &str) -> FieldKind {
    FieldKind::Text {
        multiline: cx.boolean(entries, "multiline", what).unwrap_or(false),
        default_value: cx.string(entries, "defaultValue", what).unwrap_or_default(),
        validation: validation(cx, present(entries, "validation"), what, 0),
    }
}

/// `validation: { isRequired, length: { min, max }, pattern: { regex, message } }`; `default_min`
/// is the kind's own least length (a slug must not be empty).
pub(super) fn validation(
    cx: &mut Cx,
    node: Option<&Node>,
    what: &str,
    default_min: usize,
) -> TextValidation {
    let mut validation = TextValidation {
        is_required: false,
        min: default_min,
        max: None,
        pattern: None,
    };
    let Some(entries) = node.and_then(|n| cx.mapping(n, &format!("{what} validation"))) else {
        return validation;
    };
    cx.known_keys(
        entries,
        &["isRequired", "length", "pattern"],
        &format!("{what} validation"),
    );
    validation.is_required = cx.boolean(entries, "isRequired", what).unwrap_or(false);
    if let Some(length) =
        present(entries, "length").and_then(|n| cx.mapping(n, &format!("{what} length")))
    {
        cx.known_keys(
            length,
            &["min", "max"],
            &format!("{what} validation.length"),
        );
        let count = |cx: &mut Cx, key: &str| {
            let n = cx.number(length, key, what)?;
            if n < 0.0 || n.fract() != 0.0 {
                cx.error(
                    present(length, key)?,
                    format!("{what}: length.{key} must be a whole number of at least 0"),
                );
                return None;
            }
            Some(n as usize)
        };
        validation.min = count(cx, "min").unwrap_or(default_min);
        validation.max = count(cx, "max");
    }
    if validation.is_required {
        validation.min = validation.min.max(1);
    }
    if let Some(pattern) =
        present(entries, "pattern").and_then(|n| cx.mapping(n, &format!("{what} pattern")))
    {
        cx.known_keys(
            pattern,
            &["regex", "message"],
            &format!("{what} validation.pattern"),
        );
        let message = cx.string(pattern, "message", what);
        match (cx.string(pattern, "regex", what), present(pattern, "regex")) {
            (Some(source), Some(at)) => {
                if let Some(regex) = cx.regex(at, &source, &format!("{what}: pattern.regex")) {
                    validation.pattern = Some(Pattern { regex, message });
                }
            }
            _ => cx.error(
                entries_node_fallback(pattern),
                format!("{what}: pattern.regex is required"),
            ),
        }
    }
    validation
}

/// The first value of a mapping, for positioning a problem about the mapping itself.
fn entries_node_fallback(entries: &[(String, Node)]) -> &Node {
    static NULL: Node = Node {
        value: Value::Null,
        pos: None,
    };
    entries.first().map(|(_, n)| n).unwrap_or(&NULL)
}

/// The first problem with a text field's stored value (`None`: absent or null).
pub(super) fn check(
    label: &str,
    value: Option<&Value>,
    default_value: &str,
    validation: &TextValidation,
) -> Result<(), Fault> {
    match value {
        // An absent value opens as the default, as in the admin.
        None => rule(label, default_value, validation),
        Some(Value::String(text)) => rule(label, text, validation),
        Some(other) => Err(wrong_value(other, "Must be a string")),
    }
}

/// The first rule of `validation` that `text` breaks.
pub(super) fn rule(label: &str, text: &str, validation: &TextValidation) -> Result<(), Fault> {
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

/// JavaScript string length: UTF-16 code units.
fn js_length(text: &str) -> usize {
    text.encode_utf16().count()
}
