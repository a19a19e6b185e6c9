//! The ground floor of reading `quire.yaml`: the reading context that collects every problem with
//! its position, the readers of plain options (strings, numbers, switches, lists of names), and
//! the errors a config read ends with. It reads no field kind and names no other part of `config`.

use crate::value::{Node, Pos, Value};

/// A problem in `quire.yaml`.
#[derive(Debug, Clone, PartialEq)]
pub struct ConfigError {
    pub pos: Option<Pos>,
    pub message: String,
}

/// Every problem found in a config file.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{}", .0.iter().map(|e| e.message.clone()).collect::<Vec<_>>().join("; "))]
pub struct ConfigErrors(pub Vec<ConfigError>);

impl ConfigErrors {
    /// One line per problem: `file:line:column: message`.
    pub fn render(&self, file: &str) -> String {
        self.0
            .iter()
            .map(|e| match e.pos {
                Some(pos) => format!("{file}:{pos}: {}", e.message),
                None => format!("{file}: {}", e.message),
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// Collects problems while reading.
#[derive(Default)]
pub(crate) struct Cx {
    pub(crate) errors: Vec<ConfigError>,
    /// Collections named by relationship fields, checked once every collection is known.
    pub(crate) references: Vec<(String, Option<Pos>, String)>,
}

impl Cx {
    pub(crate) fn error(&mut self, node: &Node, message: impl Into<String>) {
        self.errors.push(ConfigError {
            pos: node.pos,
            message: message.into(),
        });
    }

    /// The entries of a mapping, or a problem saying `what` must be one.
    pub(crate) fn mapping<'a>(
        &mut self,
        node: &'a Node,
        what: &str,
    ) -> Option<&'a [(String, Node)]> {
        match &node.value {
            Value::Object(entries) => Some(entries),
            other => {
                self.error(
                    node,
                    format!("{what} must be a mapping, found {}", other.type_name()),
                );
                None
            }
        }
    }

    /// `source` compiled, or a problem saying that `what` is not a regular expression and why.
    pub(crate) fn regex(&mut self, at: &Node, source: &str, what: &str) -> Option<regex::Regex> {
        regex::Regex::new(source)
            .map_err(|err| {
                // The regex crate's messages span several lines; the last says what is wrong.
                let text = err.to_string();
                let reason = text
                    .lines()
                    .last()
                    .unwrap_or_default()
                    .trim_start_matches("error: ");
                self.error(
                    at,
                    format!("{what} is not a valid regular expression: {reason}"),
                );
            })
            .ok()
    }

    /// Reports keys that `what` does not know.
    pub(crate) fn known_keys(&mut self, entries: &[(String, Node)], allowed: &[&str], what: &str) {
        for (key, value) in entries {
            if !allowed.contains(&key.as_str()) {
                self.error(
                    value,
                    format!(
                        "unknown option \"{key}\" in {what}; expected one of: {}",
                        allowed.join(", ")
                    ),
                );
            }
        }
    }

    /// An optional string option; null counts as absent.
    pub(crate) fn string(
        &mut self,
        entries: &[(String, Node)],
        key: &str,
        what: &str,
    ) -> Option<String> {
        let node = present(entries, key)?;
        match &node.value {
            Value::String(s) => Some(s.clone()),
            other => {
                self.error(
                    node,
                    format!(
                        "{what}: \"{key}\" must be a string, found {}",
                        other.type_name()
                    ),
                );
                None
            }
        }
    }

    pub(crate) fn boolean(
        &mut self,
        entries: &[(String, Node)],
        key: &str,
        what: &str,
    ) -> Option<bool> {
        let node = present(entries, key)?;
        match node.value {
            Value::Bool(b) => Some(b),
            ref other => {
                self.error(
                    node,
                    format!(
                        "{what}: \"{key}\" must be true or false, found {}",
                        other.type_name()
                    ),
                );
                None
            }
        }
    }

    pub(crate) fn number(
        &mut self,
        entries: &[(String, Node)],
        key: &str,
        what: &str,
    ) -> Option<f64> {
        let node = present(entries, key)?;
        match node.value {
            Value::Number(n) if n.is_finite() => Some(n),
            ref other => {
                self.error(
                    node,
                    format!(
                        "{what}: \"{key}\" must be a number, found {}",
                        other.type_name()
                    ),
                );
                None
            }
        }
    }

    pub(crate) fn strings(
        &mut self,
        entries: &[(String, Node)],
        key: &str,
        what: &str,
    ) -> Vec<String> {
        let Some(node) = present(entries, key) else {
            return Vec::new();
        };
        let Value::Array(items) = &node.value else {
            self.error(node, format!("{what}: \"{key}\" must be a list of names"));
            return Vec::new();
        };
        items
            .iter()
            .filter_map(|item| match &item.value {
                Value::String(s) => Some(s.clone()),
                _ => {
                    self.error(
                        item,
                        format!("{what}: every item of \"{key}\" must be a string"),
                    );
                    None
                }
            })
            .collect()
    }
}

/// The value of `key`, unless absent or null.
pub(crate) fn present<'a>(entries: &'a [(String, Node)], key: &str) -> Option<&'a Node> {
    entries
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v)
        .filter(|v| v.value != Value::Null)
}
