//! Kinds that Keystatic has and Quire does not edit yet (they belong to the rich-text editor): their
//! options are kept as written, and their stored values pass through unchecked.

use crate::config::model::{FieldKind, UnsupportedKind};
use crate::value::Node;

/// The names of the kinds Quire does not edit yet.
pub(super) const NAMES: &[&str] = &[
    UnsupportedKind::EmptyContent.name(),
    UnsupportedKind::EmptyDocument.name(),
];

/// A field of the unsupported kind `kind`, with its `options` (every key but kind, label and
/// description) kept as written.
pub(super) fn read<'n>(
    kind: UnsupportedKind,
    options: impl Iterator<Item = &'n (String, Node)>,
) -> FieldKind {
    let options = options
        .map(|(k, v)| (k.clone(), v.value.to_json()))
        .collect();
    FieldKind::Unsupported {
        kind,
        options: serde_json::Value::Object(options),
    }
}
