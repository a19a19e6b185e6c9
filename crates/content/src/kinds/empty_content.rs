//! `emptyContent` and `emptyDocument`: fields with nothing to edit that give the entry a content
//! file (Keystatic's way to make a collection write `.mdoc`, `.md` or `.mdx` files). Their stored
//! value, should a data file hold one, passes through unchecked.

use crate::config::model::{EmptyContentKind, FieldKind};
use crate::config::reading::{Cx, present};
use crate::value::Node;

/// The options `emptyContent` takes besides its kind, label and description.
pub(super) const OPTIONS: &[&str] = &["extension"];

/// `emptyDocument` takes none: it is Keystatic's older name for an empty Markdoc content field.
pub(super) const DOCUMENT_OPTIONS: &[&str] = &[];

const EXTENSIONS: &[&str] = &["mdoc", "md", "mdx"];

pub(super) fn read(cx: &mut Cx, entries: &[(String, Node)], what: &str, node: &Node) -> FieldKind {
    let extension = cx
        .string(entries, "extension", what)
        .unwrap_or_else(|| "mdoc".into());
    if !EXTENSIONS.contains(&extension.as_str()) {
        let at = present(entries, "extension").unwrap_or(node);
        cx.error(at, format!("{what}: extension must be mdoc, md or mdx"));
    }
    FieldKind::EmptyContent {
        kind: EmptyContentKind::EmptyContent,
        extension,
    }
}

pub(super) fn read_document() -> FieldKind {
    FieldKind::EmptyContent {
        kind: EmptyContentKind::EmptyDocument,
        extension: "mdoc".into(),
    }
}
