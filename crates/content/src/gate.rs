//! The gate: checks a change set against the config before anything is written.

use crate::config::{Config, FieldKind, Schema};
use crate::entry::parse_entry_file;
use crate::paths::{CollectionLayout, FileRole, classify};
use crate::validate::{EntryContext, SlugContext, validate_entry};

/// Why a change set is refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Refusal {
    #[error("paths outside the config: {}", .0.join(", "))]
    PathsNotAllowed(Vec<String>),
    #[error("{}", .0.join("\n"))]
    Invalid(Vec<String>),
}

/// Checks every path of a change set and parses and validates every data file it adds.
/// Problems read `path: message` (`path:line:column: message` for syntax errors).
pub fn check_change_set(
    config: &Config,
    additions: &[(String, Vec<u8>)],
    deletions: &[String],
) -> Result<(), Refusal> {
    let mut outside: Vec<String> = Vec::new();
    let mut roles = Vec::new();
    for (path, bytes) in additions {
        match classify(config, path) {
            Some(role) => roles.push((path, bytes, role)),
            None => outside.push(path.clone()),
        }
    }
    outside.extend(
        deletions
            .iter()
            .filter(|p| classify(config, p).is_none())
            .cloned(),
    );
    if !outside.is_empty() {
        return Err(Refusal::PathsNotAllowed(outside));
    }
    let problems: Vec<String> = roles
        .into_iter()
        .flat_map(|(path, bytes, role)| check_file(config, path, bytes, &role))
        .collect();
    if problems.is_empty() {
        Ok(())
    } else {
        Err(Refusal::Invalid(problems))
    }
}

/// Problems of one file, given what it is.
pub fn check_file(config: &Config, path: &str, bytes: &[u8], role: &FileRole) -> Vec<String> {
    match role {
        FileRole::CollectionData { collection, slug } => {
            let Some(c) = config.collection(collection) else {
                return Vec::new();
            };
            let nested = CollectionLayout::new(c).nested;
            let slug = SlugContext {
                field: &c.slug_field,
                slug: Some(slug),
                nested,
                taken: &[],
            };
            check_data(
                path,
                bytes,
                &c.schema,
                c.format.data,
                c.format.content_field.is_some(),
                Some(slug),
            )
        }
        FileRole::SingletonData { singleton } => {
            let Some(s) = config.singleton(singleton) else {
                return Vec::new();
            };
            check_data(
                path,
                bytes,
                &s.schema,
                s.format.data,
                s.format.content_field.is_some(),
                None,
            )
        }
        FileRole::EntryFile { .. } => Vec::new(),
    }
}

fn check_data(
    path: &str,
    bytes: &[u8],
    schema: &Schema,
    format: crate::config::DataFormat,
    has_content_field: bool,
    slug: Option<SlugContext<'_>>,
) -> Vec<String> {
    let file = match parse_entry_file(bytes, format, has_content_field) {
        Ok(file) => file,
        Err(err) => return vec![format!("{path}:{err}")],
    };
    validate_entry(schema, &file.data, EntryContext { slug })
        .into_iter()
        .map(|p| {
            if p.field.is_empty() {
                format!("{path}: {}", p.message)
            } else {
                format!("{path}: {}: {}", p.field, p.message)
            }
        })
        .collect()
}

/// Whether the schema has fields Quire cannot check yet (their values pass through).
pub fn has_unchecked_fields(schema: &Schema) -> bool {
    schema
        .iter()
        .any(|(_, f)| matches!(f.kind, FieldKind::Unsupported { .. }))
}
