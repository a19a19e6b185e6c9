//! `markdoc`, `mdx` and the legacy `document`: rich text kept in a file of its own (or after the
//! frontmatter), edited with the editor's options and content components. The gate passes the
//! text as it is; `crate::body` reads it as the admin's editor does.

use crate::config::components;
use crate::config::document;
use crate::config::document::component_blocks::LAYOUT_TAGS;
use crate::config::model::{ContentKind, FieldKind};
use crate::config::reading::{Cx, present};
use crate::value::Node;

/// The options a markdoc or mdx field takes, besides its kind, label and description.
pub(super) const OPTIONS: &[&str] = &["extension", "options", "components"];

/// The options a document field takes, besides its kind, label and description.
pub(super) const DOCUMENT_OPTIONS: &[&str] = document::OPTIONS;

/// A markdoc field, or an mdx one (`kind`).
pub(super) fn read(
    cx: &mut Cx,
    entries: &[(String, Node)],
    what: &str,
    node: &Node,
    kind: ContentKind,
) -> FieldKind {
    let default_extension = match kind {
        ContentKind::Mdx => "mdx",
        ContentKind::Markdoc | ContentKind::Document => "mdoc",
    };
    let extension = cx
        .string(entries, "extension", what)
        .unwrap_or_else(|| default_extension.into());
    if extension != default_extension && extension != "md" {
        let at = present(entries, "extension").unwrap_or(node);
        cx.error(
            at,
            format!("{what}: extension must be {default_extension} or md"),
        );
    }
    let options = components::options(cx, present(entries, "options"), what);
    // A field with layouts writes `layout` and `layout-area` tags itself, as the document field does.
    let has_layouts = options
        .get("layouts")
        .and_then(|l| l.as_array())
        .is_some_and(|l| !l.is_empty());
    let own_tags = if has_layouts { LAYOUT_TAGS } else { &[] };
    FieldKind::Content {
        kind,
        extension,
        options,
        components: components::read(cx, present(entries, "components"), what, own_tags),
    }
}

/// A legacy document field, read as the markdoc field the admin edits it with.
pub(super) fn read_document(cx: &mut Cx, entries: &[(String, Node)], what: &str) -> FieldKind {
    document::read(cx, entries, what)
}
