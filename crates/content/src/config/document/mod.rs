//! Keystatic's legacy `document` field, read as the markdoc field the admin edits it with: its
//! feature switches become editor options (`features.rs`), its component blocks content components
//! (`component_blocks.rs`). Reads only downward: the reading context, the model, and the content
//! components' name rules.

mod child_fields;
pub(crate) mod component_blocks;
mod features;

use crate::config::model::{ContentKind, FieldKind};
use crate::config::reading::{Cx, present};
use crate::value::Node;

/// The options a document field takes, besides its kind, label and description.
pub(crate) use features::OPTIONS;

/// A document field whose config entries are `entries`, named `what` in messages.
pub(crate) fn read(cx: &mut Cx, entries: &[(String, Node)], what: &str) -> FieldKind {
    let options = features::options(cx, entries, what);
    let layouts = options.has_layouts();
    FieldKind::Content {
        kind: ContentKind::Document,
        extension: "mdoc".into(),
        components: component_blocks::read(cx, present(entries, "componentBlocks"), layouts, what),
        options,
    }
}
