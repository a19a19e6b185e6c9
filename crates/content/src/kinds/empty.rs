//! `empty`: a field with nothing to edit; a stored value is read and dropped, so it has no rule.

use crate::config::model::FieldKind;

/// An empty field takes no options besides its kind, label and description.
pub(super) const OPTIONS: &[&str] = &[];

pub(super) fn read() -> FieldKind {
    FieldKind::Empty
}
