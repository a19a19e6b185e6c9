//! Checks stored values against their fields with the admin's exact messages.
//!
//! Each top-level field yields at most one problem, as the admin shows it: the first value of the
//! wrong shape anywhere inside it (it cannot be read), or else the first broken rule (a list's
//! length before its items). The problem names where it is with a dotted path (`gallery.0.caption`).
//! A scalar that its field cannot hold breaks a rule (the admin opens it and shows it); a mapping or
//! a list where a scalar belongs, or a scalar where they belong, is a shape. Each kind's rules are
//! its module's in `crate::kinds`; `fault.rs` and `walk.rs` are the floor they stand on.

pub(crate) mod fault;
pub(crate) mod walk;

use crate::config::{Field, Schema};
use crate::kinds;
use crate::value::Node;
use walk::{CheckFields, Walk};

pub use fault::Problem;
pub use walk::SlugContext;

/// What the gate knows about the entry being checked.
#[derive(Debug, Clone, Copy)]
pub struct EntryContext<'a> {
    /// The collection's slug field and the slug taken from the file's path.
    pub slug: Option<SlugContext<'a>>,
}

/// Checks an entry's data (a mapping; null counts as empty) against its schema.
pub fn validate_entry(schema: &Schema, data: &Node, context: EntryContext<'_>) -> Vec<Problem> {
    let mut walk = Walk::new(context.slug);
    kinds::check_entry(&mut walk, schema, data);
    let top = |path: &str| path.split('.').next().unwrap_or_default().to_string();
    let mut fields: Vec<String> = Vec::new();
    for problem in &walk.faults {
        let field = top(&problem.field);
        if !fields.contains(&field) {
            fields.push(field);
        }
    }
    fields
        .iter()
        .filter_map(|field| walk.first(|path| top(path) == *field))
        .collect()
}

/// The problem the admin shows for one field's stored value.
pub fn validate_field(
    field: &Field,
    node: Option<&Node>,
    slug: Option<SlugContext<'_>>,
) -> Option<String> {
    let mut walk = Walk::new(slug);
    let path = slug.map(|s| s.field).unwrap_or_default();
    walk.field(field, node, path, node.and_then(|n| n.pos));
    walk.first(|_| true).map(|p| p.message)
}
