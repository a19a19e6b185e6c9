//! `ignored`: a value the admin does not show and keeps as it is, so it has no rule.

use crate::config::model::FieldKind;

/// An ignored field takes no options besides its kind, label and description.
pub(super) const OPTIONS: &[&str] = &[];

pub(super) fn read() -> FieldKind {
    FieldKind::Ignored
}
