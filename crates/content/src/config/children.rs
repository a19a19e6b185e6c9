//! The one walk over a schema: the fields a field holds, each with how its value sits inside the
//! holder's. Walkers (the entry's files, asset folders, content bodies) are written on it, so that
//! none lists the composite kinds again.

use super::model::{Field, FieldKind};

/// How a field held by another is reached from the holder's value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step<'a> {
    /// An object's field, under its key.
    Key(&'a str),
    /// An array's element: each item.
    Item,
    /// A blocks field's block of this kind: the `value` of each item whose discriminant is it.
    Block(&'a str),
    /// A conditional's field for this option: its `value` while the discriminant is it (`true` or
    /// `false` for a checkbox).
    When(&'a str),
}

impl FieldKind {
    /// The fields this one holds in its value, in schema order; none for a kind that holds no
    /// fields (a content field's components live in its body, not its value).
    pub fn children(&self) -> Vec<(Step<'_>, &Field)> {
        match self {
            FieldKind::Object { fields, .. } => fields
                .iter()
                .map(|(key, field)| (Step::Key(key), field))
                .collect(),
            FieldKind::Array { element, .. } => vec![(Step::Item, element.as_ref())],
            FieldKind::Blocks { blocks, .. } => blocks
                .iter()
                .map(|(kind, block)| (Step::Block(kind), &block.schema))
                .collect(),
            FieldKind::Conditional { values, .. } => values
                .iter()
                .map(|(option, field)| (Step::When(option), field))
                .collect(),
            FieldKind::Text { .. }
            | FieldKind::Slug { .. }
            | FieldKind::Integer { .. }
            | FieldKind::Number { .. }
            | FieldKind::Checkbox { .. }
            | FieldKind::Select { .. }
            | FieldKind::Date { .. }
            | FieldKind::Datetime { .. }
            | FieldKind::Url { .. }
            | FieldKind::Content { .. }
            | FieldKind::InlineContent { .. }
            | FieldKind::Multiselect { .. }
            | FieldKind::Asset { .. }
            | FieldKind::CloudImage { .. }
            | FieldKind::Relationship { .. }
            | FieldKind::MultiRelationship { .. }
            | FieldKind::PathReference { .. }
            | FieldKind::Empty
            | FieldKind::Ignored
            | FieldKind::EmptyContent { .. } => Vec::new(),
        }
    }
}

impl<'a> Step<'a> {
    /// The segments of a prop path this step adds (Keystatic names files below an entry's folder by
    /// them): a key, or an item's place, then `value` for a block's or condition's value.
    pub fn segments(self) -> Vec<PathPart<'a>> {
        match self {
            Step::Key(key) => vec![PathPart::Key(key)],
            Step::Item => vec![PathPart::Item],
            Step::Block(_) => vec![PathPart::Item, PathPart::Key("value")],
            Step::When(_) => vec![PathPart::Key("value")],
        }
    }
}

/// A segment of a prop path, as [`Step::segments`] gives them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PathPart<'a> {
    Key(&'a str),
    /// An item's index.
    Item,
}
