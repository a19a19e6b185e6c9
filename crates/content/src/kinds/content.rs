//! `markdoc`, `mdx` and the legacy `document`: rich text kept in a file of its own (or after the
//! frontmatter), edited with the editor's options and content components. The gate passes the
//! text as it is; `crate::body` reads it as the admin's editor does. With `inline: true`
//! (Keystatic's `fields.markdoc.inline`, `fields.mdx.inline`) the markup is a string in the data
//! file instead.

use crate::validate::fault::{Fault, wrong_value};

use crate::config::document;
use crate::config::document::component_blocks::LAYOUT_TAGS;
use crate::config::model::{ContentKind, FieldKind};
use crate::config::reading::{Cx, present};
use crate::config::{components, editor_options};
use crate::value::Node;

/// The options a markdoc or mdx field takes, besides its kind, label and description.
pub(super) const OPTIONS: &[&str] = &["extension", "options", "components", "inline", "multiline"];

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
    let inline = cx.boolean(entries, "inline", what).unwrap_or(false);
    let multiline = cx.boolean(entries, "multiline", what);
    if inline {
        if let Some(at) = present(entries, "extension") {
            cx.error(
                at,
                format!("{what}: an inline field has no file, so no extension"),
            );
        }
        return FieldKind::InlineContent {
            kind,
            multiline: multiline.unwrap_or(false),
            options: editor_options::read(cx, present(entries, "options"), what),
            components: components::read(cx, present(entries, "components"), what, &[]),
        };
    }
    if let Some(at) = present(entries, "multiline") {
        cx.error(
            at,
            format!("{what}: multiline is for inline fields (inline: true)"),
        );
    }
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
    let options = editor_options::read(cx, present(entries, "options"), what);
    // A field with layouts writes `layout` and `layout-area` tags itself, as the document field does.
    let own_tags = if options.has_layouts() {
        LAYOUT_TAGS
    } else {
        &[]
    };
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

/// An inline field's value: a string (absent reads as `''`, as Keystatic writes it when empty).
pub(super) fn check_inline(value: Option<&crate::value::Value>) -> Result<(), Fault> {
    match value {
        None | Some(crate::value::Value::String(_)) => Ok(()),
        Some(other) => Err(wrong_value(other, "Must be a string")),
    }
}
