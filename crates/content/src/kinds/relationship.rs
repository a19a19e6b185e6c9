//! `relationship`: the slug of an entry of another collection (which must exist in the config).

use crate::config::model::FieldKind;
use crate::config::reading::{Cx, present};
use crate::config::validation::is_required;
use crate::validate::fault::{Fault, required_name};
use crate::value::{Node, Value};

/// The options a relationship or multiRelationship field takes, besides its kind, label and
/// description.
pub(super) const OPTIONS: &[&str] = &["collection", "validation"];

pub(super) fn read(cx: &mut Cx, entries: &[(String, Node)], what: &str, node: &Node) -> FieldKind {
    FieldKind::Relationship {
        collection: collection(cx, entries, what, node),
        is_required: is_required(cx, entries, what),
    }
}

/// The collection a relationship names, checked once every collection is known.
pub(super) fn collection(
    cx: &mut Cx,
    entries: &[(String, Node)],
    what: &str,
    node: &Node,
) -> String {
    let collection = cx.string(entries, "collection", what).unwrap_or_default();
    if collection.is_empty() {
        cx.error(node, format!("{what}: collection is required"));
    } else {
        let at = present(entries, "collection").unwrap_or(node).pos;
        cx.references
            .push((collection.clone(), at, what.to_string()));
    }
    collection
}

/// The problem with a relationship's stored slug (`None`: absent or null), if any.
pub(super) fn check(label: &str, is_required: bool, value: Option<&Value>) -> Result<(), Fault> {
    required_name(label, is_required, value)
}
