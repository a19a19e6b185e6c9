//! Markdoc and MDX bodies checked as the admin's editor reads them: the problems that keep a
//! content field from opening (unknown inline tags and components, ESM and expressions in MDX,
//! broken syntax, features the field's options leave out) and the notices it opens with (a block
//! whose component is not defined), with the admin's messages and lines.
//!
//! Pure: no I/O and no panic on user content. The Markdown structure comes from `markdown`
//! (markdown-rs, the Rust port of micromark, which the admin reads MDX with); Markdoc's `{% %}`
//! tags are read on top of it.
//!
//! `entry.rs` finds an entry's bodies; `check.rs` checks one by its field's kind; `field.rs` is a
//! content field and the problems it reports; `options.rs` the editor's features it allows;
//! `markdoc/` and `markdoc_tag.rs` read Markdoc, `mdx.rs` MDX. Shared vectors (`vectors/bodies/`)
//! hold these readers to the admin's.

mod check;
mod entry;
mod field;
mod markdoc;
mod markdoc_tag;
mod mdx;
mod options;

pub use check::check_body;
pub use entry::{BodyFile, ListedProblem, check_entry_bodies, entry_bodies};
pub use field::{BodyProblem, ContentField, Severity};
pub use options::EditorFeatures;
