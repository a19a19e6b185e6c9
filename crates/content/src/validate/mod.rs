//! Checks stored values against their fields with the admin's exact messages.
//!
//! Each top-level field yields at most one problem, as the admin shows it: the first value of the
//! wrong shape anywhere inside it (it cannot be read), or else the first broken rule (a list's
//! length before its items). The problem names where it is with a dotted path (`gallery.0.caption`).
//! A scalar that its field cannot hold breaks a rule (the admin opens it and shows it, see
//! `scalar`); a mapping or a list where a scalar belongs, or a scalar where they belong, is a shape.

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
    /// The value has the wrong shape, and the admin cannot open the entry; otherwise it breaks a
    /// rule, and the admin opens the entry with the message on the field.
    pub is_shape: bool,
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

/// Why a value fails: it has the wrong shape and cannot be read, or it breaks a rule of its field.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Fault {
    Shape(String),
    Rule(String),
}

/// Checks an entry's data (a mapping; null counts as empty) against its schema.
pub fn validate_entry(schema: &Schema, data: &Node, context: EntryContext<'_>) -> Vec<Problem> {
    let mut walk = Walk {
        slug: context.slug,
        faults: Vec::new(),
    };
    walk.object(schema, Some(data), "", data.pos);
    let top = |path: &str| path.split('.').next().unwrap_or_default().to_string();
    let mut fields: Vec<String> = Vec::new();
    for problem in &walk.faults {
        let field = top(&problem.field);
        if !fields.contains(&field) {
            fields.push(field);
        }
    }
    fields
        .iter()
        .filter_map(|field| walk.first(|path| top(path) == *field))
        .collect()
}

/// The problem the admin shows for one field's stored value.
pub fn validate_field(
    field: &Field,
    node: Option<&Node>,
    slug: Option<SlugContext<'_>>,
) -> Option<String> {
    let mut walk = Walk {
        slug,
        faults: Vec::new(),
    };
    let path = slug.map(|s| s.field).unwrap_or_default();
    walk.field(field, node, path, node.and_then(|n| n.pos));
    walk.first(|_| true).map(|p| p.message)
}

struct Walk<'a> {
    slug: Option<SlugContext<'a>>,
    /// Every fault found, in document order.
    faults: Vec<Problem>,
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
    /// The first shape fault among the paths `within` accepts, or else the first broken rule.
    fn first(&self, within: impl Fn(&str) -> bool) -> Option<Problem> {
        let mut candidates = self.faults.iter().filter(|p| within(&p.field));
        let shape = candidates.clone().find(|p| p.is_shape);
        shape.or_else(|| candidates.next()).cloned()
    }

    fn fault(&mut self, path: &str, fault: Fault, pos: Option<Pos>) {
        let (is_shape, message) = match fault {
            Fault::Shape(message) => (true, message),
            Fault::Rule(message) => (false, message),
        };
        self.faults.push(Problem {
            field: path.to_string(),
            message,
            pos,
            is_shape,
        });
    }

    /// A value of the wrong shape.
    fn shape(&mut self, path: &str, message: impl Into<String>, pos: Option<Pos>) {
        self.fault(path, Fault::Shape(message.into()), pos);
    }

    /// A broken rule.
    fn rule(&mut self, path: &str, message: impl Into<String>, pos: Option<Pos>) {
        self.fault(path, Fault::Rule(message.into()), pos);
    }

    /// Checks a mapping whose keys must all be declared.
    fn object(&mut self, schema: &Schema, node: Option<&Node>, path: &str, pos: Option<Pos>) {
        let entries: &[(String, Node)] = match present(node).map(|n| &n.value) {
            None => &[],
            Some(Value::Object(entries)) => entries,
            Some(_) => return self.shape(path, "Must be an object", pos),
        };
        for (key, value) in entries {
            if !schema.iter().any(|(k, _)| k == key) {
                let message = format!("Key on object value \"{key}\" is not allowed");
                self.shape(&join(path, key), message, value.pos.or(pos));
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
                self.shape(path, "Must be an array", pos);
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
                element,
                length,
                slug_field,
                ..
            } => {
                let Some(items) = self.items(node, path, pos) else {
                    return;
                };
                if let Some(message) = item_count(items.len(), length) {
                    self.rule(path, message, pos);
                }
                for (index, item) in items.iter().enumerate() {
                    self.field(
                        element,
                        Some(item),
                        &join(path, &index.to_string()),
                        item.pos.or(pos),
                    );
                }
                if let Some(slug_field) = slug_field {
                    self.unique_slugs(element, slug_field, items, path);
                }
            }
            FieldKind::Blocks { blocks, length } => {
                let Some(items) = self.items(node, path, pos) else {
                    return;
                };
                if let Some(message) = item_count(items.len(), length) {
                    self.rule(path, message, pos);
                }
                for (index, item) in items.iter().enumerate() {
                    self.block(
                        &field.label,
                        blocks,
                        item,
                        &join(path, &index.to_string()),
                        item.pos.or(pos),
                    );
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
                let fault = items.iter().enumerate().find_map(|(index, item)| {
                    let fault = match &item.value {
                        Value::String(s) if options.iter().any(|(_, v)| v == s) => return None,
                        Value::String(_) => Fault::Rule("Must be a valid option".into()),
                        other => scalar::wrong_value(other, "Must be a string"),
                    };
                    Some((index, fault, item.pos))
                });
                // A list item of the wrong shape keeps the entry from opening, wherever it is.
                let shape = items.iter().enumerate().find_map(|(index, item)| {
                    (!scalar::is_scalar(&item.value)).then_some((
                        index,
                        Fault::Shape("Must be a string".into()),
                        item.pos,
                    ))
                });
                if let Some((index, fault, at)) = shape.or(fault) {
                    self.fault(&join(path, &index.to_string()), fault, at.or(pos));
                }
            }
            FieldKind::MultiRelationship { length, .. } => {
                let Some(items) = self.items(node, path, pos) else {
                    return;
                };
                let not_text = |item: &&Node| !matches!(item.value, Value::String(_));
                let not_scalar = |item: &&Node| !scalar::is_scalar(&item.value);
                let bad = (items.iter().enumerate().find(|(_, item)| not_scalar(item)))
                    .or_else(|| items.iter().enumerate().find(|(_, item)| not_text(item)));
                if let Some((index, item)) = bad {
                    let at = join(path, &index.to_string());
                    let fault = scalar::wrong_value(&item.value, "Must be a string");
                    return self.fault(&at, fault, item.pos.or(pos));
                }
                if let Some(message) = item_count(items.len(), length) {
                    self.rule(path, message, pos);
                }
            }
            FieldKind::CloudImage { is_required } => {
                self.cloud_image(*is_required, node, path, pos)
            }
            FieldKind::Asset { is_required, .. }
            | FieldKind::Relationship { is_required, .. }
            | FieldKind::PathReference { is_required, .. } => match value {
                None => {
                    if let Err(fault) = scalar::required(&field.label, *is_required) {
                        self.fault(path, fault, pos);
                    }
                }
                Some(Value::String(s)) if s.is_empty() && *is_required => {
                    self.rule(path, format!("{} is required", field.label), pos)
                }
                Some(Value::String(_)) => {}
                // A file field's value names a file to read: anything else keeps the entry shut.
                Some(_) if matches!(field.kind, FieldKind::Asset { .. }) => {
                    self.shape(path, "Must be a string", pos)
                }
                Some(other) => {
                    self.fault(path, scalar::wrong_value(other, "Must be a string"), pos)
                }
            },
            FieldKind::Empty
            | FieldKind::Ignored
            | FieldKind::Content { .. }
            | FieldKind::Unsupported { .. } => {}
            _ => {
                let slug = self.slug.filter(|s| s.field == path);
                if let Err(fault) = scalar::check_field(field, value, slug) {
                    self.fault(path, fault, pos);
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
                self.shape(path, "Must be an object", pos);
                return None;
            }
        };
        if let Some((key, _)) = parts
            .iter()
            .find(|(k, _)| k != "discriminant" && k != "value")
        {
            self.shape(
                path,
                format!("Key on object value \"{key}\" is not allowed"),
                pos,
            );
            return None;
        }
        Some(parts)
    }

    /// One item of a blocks field: `{ discriminant: <block key>, value }`.
    fn block(
        &mut self,
        label: &str,
        blocks: &[(String, crate::config::Block)],
        item: &Node,
        path: &str,
        pos: Option<Pos>,
    ) {
        let Some(parts) = self.tagged(Some(item), path, pos) else {
            return;
        };
        let part = |key: &str| present(parts.iter().find(|(k, _)| k == key).map(|(_, n)| n));
        let at = join(path, "discriminant");
        let block = match part("discriminant").map(|n| &n.value) {
            // A null item is absent: the first kind, empty.
            None if present(Some(item)).is_none() => match blocks.first() {
                Some((_, block)) => block,
                None => return,
            },
            None => return self.shape(&at, format!("{label} is required"), pos),
            Some(Value::String(kind)) => match blocks.iter().find(|(k, _)| k == kind) {
                Some((_, block)) => block,
                None => return self.shape(&at, "Must be a valid option", pos),
            },
            Some(_) => return self.shape(&at, "Must be a string", pos),
        };
        self.field(&block.schema, part("value"), &join(path, "value"), pos);
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
        // Stored without its discriminant, the value's field is unknown: reading it as the default
        // would drop the value on the next save.
        if present(node).is_some() && chosen.is_none() {
            let message = format!("{} is required", discriminant.label);
            return self.shape(&join(path, "discriminant"), message, pos);
        }
        let before = self.faults.len();
        self.field(discriminant, chosen, &join(path, "discriminant"), pos);
        if self.faults.len() > before {
            // Which field the value belongs to is unknown: the entry cannot be opened.
            for problem in &mut self.faults[before..] {
                problem.is_shape = true;
            }
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
            Some(_) => return self.shape(path, "Must be an object", pos),
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
                return self.shape(&join(path, key), message, value.pos.or(pos));
            }
        }
        let src = parts
            .iter()
            .find(|(k, _)| k == "src")
            .and_then(|(_, n)| n.as_str())
            .unwrap_or_default();
        if is_required && src.is_empty() {
            self.rule(path, "Image URL is required.", pos);
        }
    }

    /// Items of an array with a `slugField` must have different slugs.
    fn unique_slugs(&mut self, element: &Field, slug_field: &str, items: &[Node], path: &str) {
        let FieldKind::Object { fields, .. } = &element.kind else {
            return;
        };
        let Some(FieldKind::Slug { slug_label, .. }) = fields
            .iter()
            .find(|(k, _)| k == slug_field)
            .map(|(_, f)| &f.kind)
        else {
            return;
        };
        let mut seen: Vec<&str> = Vec::new();
        for (index, item) in items.iter().enumerate() {
            let Some(slug) = item
                .get(slug_field)
                .and_then(|s| s.get("slug"))
                .and_then(Node::as_str)
            else {
                continue;
            };
            if seen.contains(&slug) {
                let at = join(&join(path, &index.to_string()), slug_field);
                self.rule(&at, format!("{slug_label} must be unique"), item.pos);
            }
            seen.push(slug);
        }
    }
}
