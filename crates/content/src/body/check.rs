//! Checks one body as the admin's editor opens it: Markdoc (also the legacy document field's) or
//! MDX, by the field's kind.

use super::field::{BodyProblem, ContentField, Severity};
use super::{markdoc, mdx};
use crate::config::ContentKind;

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
