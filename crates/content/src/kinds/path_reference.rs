//! `pathReference`: a path in the site, optionally matching a glob pattern.

use crate::config::model::FieldKind;
use crate::config::reading::Cx;
use crate::config::validation::is_required;
use crate::validate::fault::{Fault, required_name};
use crate::value::{Node, Value};

/// The options a pathReference field takes, besides its kind, label and description.
pub(super) const OPTIONS: &[&str] = &["pattern", "validation"];

pub(super) fn read(cx: &mut Cx, entries: &[(String, Node)], what: &str) -> FieldKind {
    FieldKind::PathReference {
        pattern: cx.string(entries, "pattern", what),
        is_required: is_required(cx, entries, what),
    }
}

/// The problem with a pathReference's stored path (`None`: absent or null), if any.
pub(super) fn check(label: &str, is_required: bool, value: Option<&Value>) -> Result<(), Fault> {
    required_name(label, is_required, value)
}
