//! Checks stored values against their fields with the admin's exact messages.
//!
//! Each one-value field yields at most one message: the first rule that fails, as the admin shows
//! it. Lists, objects and conditionals check their parts and report each problem at its dotted
//! path (`gallery.0.caption`). Parse problems (wrong type, unknown key) and validation problems
//! read alike.

mod scalar;

use crate::config::{Field, FieldKind, Length, Schema};
use crate::value::{Node, Pos, Value};

/// A problem with one field of an entry.
#[derive(Debug, Clone, PartialEq)]
pub struct Problem {
    /// The field's key, dotted for nested values (`gallery.0.caption`); empty for the entry itself.
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

/// The slug rules of a collection's slug field.
#[derive(Debug, Clone, Copy)]
pub struct SlugContext<'a> {
    pub field: &'a str,
    /// The slug taken from the file's path: the data file then stores only the name. When None, the
    /// field stores `{ name, slug }`.
    pub slug: Option<&'a str>,
    /// Slugs may contain `/` (a `**` glob).
    pub nested: bool,
    /// Slugs of the collection's other entries.
    pub taken: &'a [String],
}

/// Checks an entry's data (a mapping; null counts as empty) against its schema.
pub fn validate_entry(schema: &Schema, data: &Node, context: EntryContext<'_>) -> Vec<Problem> {
    let mut walk = Walk {
        slug: context.slug,
        problems: Vec::new(),
    };
    walk.object(schema, Some(data), "", data.pos);
    walk.problems
}

/// The first problem with one field's stored value, or with any of its parts.
pub fn validate_field(
    field: &Field,
    node: Option<&Node>,
    slug: Option<SlugContext<'_>>,
) -> Option<String> {
    let mut walk = Walk {
        slug,
        problems: Vec::new(),
    };
    let path = slug.map(|s| s.field).unwrap_or_default();
    walk.field(field, node, path, node.and_then(|n| n.pos));
    walk.problems.into_iter().next().map(|p| p.message)
}

struct Walk<'a> {
    slug: Option<SlugContext<'a>>,
    problems: Vec<Problem>,
}

fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

/// The value unless it is null, which reads as absent.
fn present(node: Option<&Node>) -> Option<&Node> {
    node.filter(|n| n.value != Value::Null)
}

fn item_count(count: usize, length: &Length) -> Option<String> {
    if count < length.min {
        return Some(format!("Must have at least {} item(s).", length.min));
    }
    length
        .max
        .filter(|max| count > *max)
        .map(|max| format!("Must have at most {max} item(s)."))
}

impl Walk<'_> {
    fn report(&mut self, path: &str, message: impl Into<String>, pos: Option<Pos>) {
        self.problems.push(Problem {
            field: path.to_string(),
            message: message.into(),
            pos,
        });
    }

    /// Checks a mapping whose keys must all be declared.
    fn object(&mut self, schema: &Schema, node: Option<&Node>, path: &str, pos: Option<Pos>) {
        let entries: &[(String, Node)] = match present(node).map(|n| &n.value) {
            None => &[],
            Some(Value::Object(entries)) => entries,
            Some(_) => return self.report(path, "Must be an object", pos),
        };
        for (key, value) in entries {
            if !schema.iter().any(|(k, _)| k == key) {
                let message = format!("Key on object value \"{key}\" is not allowed");
                self.report(&join(path, key), message, value.pos.or(pos));
            }
        }
        for (key, field) in schema {
            let child = present(entries.iter().find(|(k, _)| k == key).map(|(_, n)| n));
            self.field(
                field,
                child,
                &join(path, key),
                child.and_then(|n| n.pos).or(pos),
            );
        }
    }

    /// The items of a list value (absent: none), or None after reporting a value that is not one.
    fn items<'n>(
        &mut self,
        node: Option<&'n Node>,
        path: &str,
        pos: Option<Pos>,
    ) -> Option<&'n [Node]> {
        match present(node).map(|n| &n.value) {
            None => Some(&[]),
            Some(Value::Array(items)) => Some(items),
            Some(_) => {
                self.report(path, "Must be an array", pos);
                None
            }
        }
    }

    fn field(&mut self, field: &Field, node: Option<&Node>, path: &str, pos: Option<Pos>) {
        let node = present(node);
        let value = node.map(|n| &n.value);
        match &field.kind {
            FieldKind::Object { fields, .. } => self.object(fields, node, path, pos),
            FieldKind::Array {
                element, length, ..
            } => {
                let Some(items) = self.items(node, path, pos) else {
                    return;
                };
                for (index, item) in items.iter().enumerate() {
                    self.field(
                        element,
                        Some(item),
                        &join(path, &index.to_string()),
                        item.pos.or(pos),
                    );
                }
                if let Some(message) = item_count(items.len(), length) {
                    self.report(path, message, pos);
                }
            }
            FieldKind::Blocks { blocks, length } => {
                let Some(items) = self.items(node, path, pos) else {
                    return;
                };
                for (index, item) in items.iter().enumerate() {
                    let item_path = join(path, &index.to_string());
                    let Some(parts) = self.tagged(Some(item), &item_path, item.pos.or(pos)) else {
                        continue;
                    };
                    let kind = parts
                        .iter()
                        .find(|(k, _)| k == "discriminant")
                        .and_then(|(_, n)| n.as_str());
                    match kind.and_then(|kind| blocks.iter().find(|(k, _)| k == kind)) {
                        Some((_, block)) => {
                            let value = parts.iter().find(|(k, _)| k == "value").map(|(_, n)| n);
                            self.field(
                                &block.schema,
                                value,
                                &join(&item_path, "value"),
                                item.pos.or(pos),
                            );
                        }
                        None => self.report(
                            &join(&item_path, "discriminant"),
                            "Must be a valid option",
                            item.pos.or(pos),
                        ),
                    }
                }
                if let Some(message) = item_count(items.len(), length) {
                    self.report(path, message, pos);
                }
            }
            FieldKind::Conditional {
                discriminant,
                values,
            } => self.conditional(discriminant, values, node, path, pos),
            FieldKind::Multiselect { options, .. } => {
                let Some(items) = self.items(node, path, pos) else {
                    return;
                };
                let message = items.iter().find_map(|item| match &item.value {
                    Value::String(s) if options.iter().any(|(_, v)| v == s) => None,
                    Value::String(_) => Some("Must be a valid option"),
                    _ => Some("Must be a string"),
                });
                if let Some(message) = message {
                    self.report(path, message, pos);
                }
            }
            FieldKind::MultiRelationship { length, .. } => {
                let Some(items) = self.items(node, path, pos) else {
                    return;
                };
                if items
                    .iter()
                    .any(|item| !matches!(item.value, Value::String(_)))
                {
                    return self.report(path, "Must be a string", pos);
                }
                if let Some(message) = item_count(items.len(), length) {
                    self.report(path, message, pos);
                }
            }
            FieldKind::CloudImage { is_required } => {
                self.cloud_image(*is_required, node, path, pos)
            }
            FieldKind::Asset { is_required, .. }
            | FieldKind::Relationship { is_required, .. }
            | FieldKind::PathReference { is_required, .. } => match value {
                None => {
                    if let Err(message) = scalar::required(&field.label, *is_required) {
                        self.report(path, message, pos);
                    }
                }
                Some(Value::String(s)) if s.is_empty() && *is_required => {
                    self.report(path, format!("{} is required", field.label), pos)
                }
                Some(Value::String(_)) => {}
                Some(_) => self.report(path, "Must be a string", pos),
            },
            FieldKind::Empty
            | FieldKind::Ignored
            | FieldKind::Content { .. }
            | FieldKind::Unsupported { .. } => {}
            _ => {
                let slug = self.slug.filter(|s| s.field == path);
                if let Err(message) = scalar::check_field(field, value, slug) {
                    self.report(path, message, pos);
                }
            }
        }
    }

    /// A mapping that may hold only `discriminant` and `value`.
    fn tagged<'n>(
        &mut self,
        node: Option<&'n Node>,
        path: &str,
        pos: Option<Pos>,
    ) -> Option<&'n [(String, Node)]> {
        let parts: &[(String, Node)] = match present(node).map(|n| &n.value) {
            None => &[],
            Some(Value::Object(parts)) => parts,
            Some(_) => {
                self.report(path, "Must be an object", pos);
                return None;
            }
        };
        if let Some((key, _)) = parts
            .iter()
            .find(|(k, _)| k != "discriminant" && k != "value")
        {
            self.report(
                path,
                format!("Key on object value \"{key}\" is not allowed"),
                pos,
            );
            return None;
        }
        Some(parts)
    }

    fn conditional(
        &mut self,
        discriminant: &Field,
        values: &[(String, Field)],
        node: Option<&Node>,
        path: &str,
        pos: Option<Pos>,
    ) {
        let Some(parts) = self.tagged(node, path, pos) else {
            return;
        };
        let part = |key: &str| present(parts.iter().find(|(k, _)| k == key).map(|(_, n)| n));
        let chosen = part("discriminant");
        let before = self.problems.len();
        self.field(discriminant, chosen, &join(path, "discriminant"), pos);
        if self.problems.len() > before {
            return;
        }
        let key = match (chosen.map(|n| &n.value), &discriminant.kind) {
            (Some(Value::String(s)), _) => s.clone(),
            (Some(Value::Bool(b)), _) => b.to_string(),
            (None, FieldKind::Select { default_value, .. }) => default_value.clone(),
            (None, FieldKind::Checkbox { default_value }) => default_value.to_string(),
            _ => return,
        };
        if let Some((_, field)) = values.iter().find(|(k, _)| *k == key) {
            self.field(field, part("value"), &join(path, "value"), pos);
        }
    }

    fn cloud_image(
        &mut self,
        is_required: bool,
        node: Option<&Node>,
        path: &str,
        pos: Option<Pos>,
    ) {
        let parts: &[(String, Node)] = match node.map(|n| &n.value) {
            None => &[],
            Some(Value::Object(parts)) => parts,
            Some(_) => return self.report(path, "Must be an object", pos),
        };
        for (key, value) in parts {
            let problem = match (key.as_str(), &value.value) {
                (_, Value::Null) => None,
                ("src" | "alt", Value::String(_)) | ("width" | "height", Value::Number(_)) => None,
                ("src" | "alt", _) => Some("Must be a string".to_string()),
                ("width" | "height", _) => Some("Must be a number".to_string()),
                _ => Some(format!("Key on object value \"{key}\" is not allowed")),
            };
            if let Some(message) = problem {
                return self.report(&join(path, key), message, value.pos.or(pos));
            }
        }
        let src = parts
            .iter()
            .find(|(k, _)| k == "src")
            .and_then(|(_, n)| n.as_str())
            .unwrap_or_default();
        if is_required && src.is_empty() {
            self.report(path, "Image URL is required.", pos);
        }
    }
}
