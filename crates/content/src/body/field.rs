//! A content field as the body checker reads it, and the problems and notices it reports, worded
//! as the admin words them.

use crate::config::{Component, ContentKind, EditorOptions, FieldKind};

/// How the admin shows a problem of a body.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Severity {
    /// The editor does not open: the field shows the problems and the raw text.
    Refused,
    /// The editor opens and shows the notice on the block (`The block "x" no longer exists.`).
    Notice,
}

/// A problem of a body, at the 1-based line the admin names (counted from the body's first line).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BodyProblem {
    pub line: Option<usize>,
    pub message: String,
    pub severity: Severity,
}

/// A content field as the checker needs it.
#[derive(Debug, Clone, Copy)]
pub struct ContentField<'a> {
    pub kind: &'a ContentKind,
    pub options: &'a EditorOptions,
    pub components: &'a [(String, Component)],
}

impl<'a> ContentField<'a> {
    /// The content field of a field kind, if it is one.
    pub fn of(kind: &'a FieldKind) -> Option<ContentField<'a>> {
        let FieldKind::Content {
            kind,
            options,
            components,
            ..
        } = kind
        else {
            return None;
        };
        Some(ContentField {
            kind,
            options,
            components,
        })
    }

    pub(super) fn component(&self, name: &str) -> Option<&'a Component> {
        self.components
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, component)| component)
    }
}

/// `Key on object value "x" is not allowed` for the first attribute that is not one of the
/// component's props, as the admin's props reader words it.
pub(super) fn unknown_prop<'n>(
    component: &Component,
    mut names: impl Iterator<Item = &'n str>,
) -> Option<String> {
    names
        .find(|name| !component.schema.iter().any(|(key, _)| key == name))
        .map(|name| format!("Key on object value \"{name}\" is not allowed"))
}

pub(super) fn refused(line: Option<usize>, message: impl Into<String>) -> BodyProblem {
    BodyProblem {
        line,
        message: message.into(),
        severity: Severity::Refused,
    }
}

/// An element in text that the field has no component for (raw `<u>` in MDX): the editor keeps it as
/// written and shows it as its text.
pub(super) fn kept_inline(line: Option<usize>, element: &str) -> BodyProblem {
    BodyProblem {
        line,
        message: format!("The element \"{element}\" has no component: it is kept as written."),
        severity: Severity::Notice,
    }
}

pub(super) fn notice(line: Option<usize>, component: &str) -> BodyProblem {
    BodyProblem {
        line,
        message: format!("The block \"{component}\" no longer exists."),
        severity: Severity::Notice,
    }
}
