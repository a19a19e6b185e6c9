//! What is wrong with a stored value, and the rules every kind words alike: a value of the wrong
//! shape keeps the entry shut, a value that breaks a rule opens with its message (vectors/README.md,
//! "Values a field cannot hold").

use crate::value::{Pos, Value};

/// A problem with one field of an entry.
#[derive(Debug, Clone, PartialEq)]
pub struct Problem {
    /// The field's key, dotted for nested values (`gallery.0.caption`); empty for the entry itself.
    pub field: String,
    pub message: String,
    pub pos: Option<Pos>,
    /// The value has the wrong shape, and the admin cannot open the entry; otherwise it breaks a
    /// rule, and the admin opens the entry with the message on the field.
    pub is_shape: bool,
}

/// Why a value fails: it has the wrong shape and cannot be read, or it breaks a rule of its field.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Fault {
    Shape(String),
    Rule(String),
}

/// A value a field cannot hold: a rule broken when it is a scalar (the admin keeps and shows it),
/// a wrong shape when it is a mapping or a list (or a null item of a list).
pub(crate) fn wrong_value(value: &Value, message: &str) -> Fault {
    if is_scalar(value) {
        Fault::Rule(message.into())
    } else {
        Fault::Shape(message.into())
    }
}

/// A string, number, boolean or timestamp.
pub(crate) fn is_scalar(value: &Value) -> bool {
    matches!(
        value,
        Value::String(_) | Value::Number(_) | Value::Bool(_) | Value::Date(_)
    )
}

pub(crate) fn required(label: &str, is_required: bool) -> Result<(), Fault> {
    if is_required {
        Err(Fault::Rule(format!("{label} is required")))
    } else {
        Ok(())
    }
}

/// A string value, `""` when absent.
pub(crate) fn string_or_empty(value: Option<&Value>) -> Result<String, Fault> {
    match value {
        None => Ok(String::new()),
        Some(Value::String(s)) => Ok(s.clone()),
        Some(_) => Err(Fault::Shape("Must be a string".into())),
    }
}

/// A string naming something elsewhere (a file, an entry, a path) that a field may require:
/// absent, null and `''` are empty.
pub(crate) fn required_name(
    label: &str,
    is_required: bool,
    value: Option<&Value>,
) -> Result<(), Fault> {
    match value {
        None => required(label, is_required),
        Some(Value::String(s)) if s.is_empty() && is_required => {
            Err(Fault::Rule(format!("{label} is required")))
        }
        Some(Value::String(_)) => Ok(()),
        Some(other) => Err(wrong_value(other, "Must be a string")),
    }
}
