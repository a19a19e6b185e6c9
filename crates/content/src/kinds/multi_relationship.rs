//! `multiRelationship`: slugs of entries of another collection, as many as its length allows.

use super::relationship;
use crate::config::model::{FieldKind, Length};
use crate::config::reading::Cx;
use crate::config::validation::length;
use crate::validate::fault::{is_scalar, wrong_value};
use crate::validate::walk::{Walk, item_count, join};
use crate::value::{Node, Pos, Value};

/// The options a multiRelationship field takes, besides its kind, label and description.
pub(super) const OPTIONS: &[&str] = relationship::OPTIONS;

pub(super) fn read(cx: &mut Cx, entries: &[(String, Node)], what: &str, node: &Node) -> FieldKind {
    FieldKind::MultiRelationship {
        collection: relationship::collection(cx, entries, what, node),
        length: length(cx, entries, what),
    }
}

/// Records the first problem of a multiRelationship's stored list (`node` None: absent).
pub(super) fn check(
    walk: &mut Walk<'_>,
    length: &Length,
    node: Option<&Node>,
    path: &str,
    pos: Option<Pos>,
) {
    let Some(items) = walk.items(node, path, pos) else {
        return;
    };
    let not_text = |item: &&Node| !matches!(item.value, Value::String(_));
    let not_scalar = |item: &&Node| !is_scalar(&item.value);
    let bad = (items.iter().enumerate().find(|(_, item)| not_scalar(item)))
        .or_else(|| items.iter().enumerate().find(|(_, item)| not_text(item)));
    if let Some((index, item)) = bad {
        let at = join(path, &index.to_string());
        let fault = wrong_value(&item.value, "Must be a string");
        return walk.fault(&at, fault, item.pos.or(pos));
    }
    if let Some(message) = item_count(items.len(), length) {
        walk.rule(path, message, pos);
    }
}
