//! Markdoc and MDX bodies checked as the admin's editor reads them: the problems that keep a
//! content field from opening (unknown inline tags and components, ESM and expressions in MDX,
//! broken syntax, features the field's options leave out) and the notices it opens with (a block
//! whose component is not defined), with the admin's messages and lines.
//!
//! Pure: no I/O and no panic on user content. The Markdown structure comes from `markdown`
//! (markdown-rs, the Rust port of micromark, which the admin reads MDX with); Markdoc's `{% %}`
//! tags are read on top of it.

mod entry;
mod markdoc;
mod markdoc_tag;
mod mdx;
mod options;

pub use entry::{BodyFile, check_entry_bodies, entry_bodies};
pub use options::EditorOptions;

use crate::config::{Component, ContentKind, FieldKind};

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
    pub options: &'a serde_json::Value,
    pub components: &'a [(String, Component)],
}

impl<'a> ContentField<'a> {
    /// The content field of a field kind, if it is one.
    pub fn of(kind: &'a FieldKind) -> Option<ContentField<'a>> {
        match kind {
            FieldKind::Content {
                kind,
                options,
                components,
                ..
            } => Some(ContentField {
                kind,
                options,
                components,
            }),
            _ => None,
        }
    }

    fn component(&self, name: &str) -> Option<&'a Component> {
        self.components
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, component)| component)
    }
}

/// Every problem the admin would show for `text` in `field`: the problems that keep it from opening,
/// or, when it opens, its notices.
pub fn check_body(field: ContentField<'_>, text: &str) -> Vec<BodyProblem> {
    let problems = match field.kind {
        ContentKind::Mdx => mdx::check(field, text),
        ContentKind::Markdoc | ContentKind::Document => markdoc::check(field, text),
    };
    if problems.iter().any(|p| p.severity == Severity::Refused) {
        problems
            .into_iter()
            .filter(|p| p.severity == Severity::Refused)
            .collect()
    } else {
        problems
    }
}

/// `Key on object value "x" is not allowed` for the first attribute that is not one of the
/// component's props, as the admin's props reader words it.
fn unknown_prop<'n>(
    component: &Component,
    mut names: impl Iterator<Item = &'n str>,
) -> Option<String> {
    names
        .find(|name| !component.schema.iter().any(|(key, _)| key == name))
        .map(|name| format!("Key on object value \"{name}\" is not allowed"))
}

fn refused(line: Option<usize>, message: impl Into<String>) -> BodyProblem {
    BodyProblem {
        line,
        message: message.into(),
        severity: Severity::Refused,
    }
}

fn notice(line: Option<usize>, component: &str) -> BodyProblem {
    BodyProblem {
        line,
        message: format!("The block \"{component}\" no longer exists."),
        severity: Severity::Notice,
    }
}
