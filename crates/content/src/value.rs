//! Values read from data files, with the position each came from.
//!
//! The model follows what Keystatic's browser code sees after `js-yaml` `load` or `JSON.parse`:
//! numbers are JavaScript numbers (`f64`), and YAML timestamps are `Date`s, kept here as the
//! string JavaScript's `Date.prototype.toISOString` would give.

use std::fmt;

/// A 1-based line and column in a source file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pos {
    pub line: usize,
    pub column: usize,
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}

/// A value and where it starts, when known (JSON values carry no position).
#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    pub value: Value,
    pub pos: Option<Pos>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Null,
    Bool(bool),
    Number(f64),
    String(String),
    /// A YAML timestamp, as `toISOString()` prints it (`2024-06-26T00:00:00.000Z`).
    Date(String),
    Array(Vec<Node>),
    /// Keys in file order.
    Object(Vec<(String, Node)>),
}

impl Node {
    pub fn new(value: Value, pos: Option<Pos>) -> Node {
        Node { value, pos }
    }

    /// The value of `key` when this is an object holding it.
    pub fn get(&self, key: &str) -> Option<&Node> {
        match &self.value {
            Value::Object(entries) => entries.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match &self.value {
            Value::String(s) => Some(s),
            _ => None,
        }
    }
}

impl Value {
    /// The name of the value's type, for messages.
    pub fn type_name(&self) -> &'static str {
        match self {
            Value::Null => "null",
            Value::Bool(_) => "a boolean",
            Value::Number(_) => "a number",
            Value::String(_) => "a string",
            Value::Date(_) => "a date",
            Value::Array(_) => "a list",
            Value::Object(_) => "a mapping",
        }
    }

    /// The value as JSON, as `JSON.stringify` would see it (dates become their ISO string).
    pub fn to_json(&self) -> serde_json::Value {
        match self {
            Value::Null => serde_json::Value::Null,
            Value::Bool(b) => serde_json::Value::Bool(*b),
            Value::Number(n) => number_to_json(*n),
            Value::String(s) | Value::Date(s) => serde_json::Value::String(s.clone()),
            Value::Array(items) => items.iter().map(|n| n.value.to_json()).collect(),
            Value::Object(entries) => serde_json::Value::Object(
                entries
                    .iter()
                    .map(|(k, v)| (k.clone(), v.value.to_json()))
                    .collect(),
            ),
        }
    }

    /// Converts parsed JSON (which has no positions).
    pub fn from_json(json: serde_json::Value) -> Value {
        match json {
            serde_json::Value::Null => Value::Null,
            serde_json::Value::Bool(b) => Value::Bool(b),
            serde_json::Value::Number(n) => Value::Number(n.as_f64().unwrap_or(f64::NAN)),
            serde_json::Value::String(s) => Value::String(s),
            serde_json::Value::Array(items) => Value::Array(
                items
                    .into_iter()
                    .map(|v| Node::new(Value::from_json(v), None))
                    .collect(),
            ),
            serde_json::Value::Object(map) => Value::Object(
                map.into_iter()
                    .map(|(k, v)| (k, Node::new(Value::from_json(v), None)))
                    .collect(),
            ),
        }
    }
}

/// Whole numbers stay integers in JSON, as JavaScript prints them.
pub fn number_to_json(n: f64) -> serde_json::Value {
    if n.fract() == 0.0 && n.abs() < 9.007_199_254_740_992e15 {
        serde_json::Value::from(n as i64)
    } else {
        serde_json::Number::from_f64(n)
            .map(serde_json::Value::Number)
            .unwrap_or(serde_json::Value::Null)
    }
}

/// Formats a number as JavaScript's `String(n)` does for the values a form holds.
pub fn format_number(n: f64) -> String {
    if n.fract() == 0.0 && n.abs() < 1e21 {
        format!("{}", n as i64)
    } else {
        format!("{n}")
    }
}
