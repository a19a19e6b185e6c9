//! What a content field lets its editors write: its `options` with every default filled in,
//! exactly as the admin's editor reads them (`web/src/editor/options.ts`).

use crate::config::{CodeBlockOption, ContentKind, EditorOptions, HeadingOption, Schema};

/// The features the admin's editor builds for a content field.
#[derive(Debug, Clone, PartialEq)]
pub struct EditorFeatures {
    pub bold: bool,
    pub italic: bool,
    pub strikethrough: bool,
    pub code: bool,
    pub underline: bool,
    pub superscript: bool,
    pub subscript: bool,
    pub keyboard: bool,
    pub alignment: bool,
    /// Allowed heading levels; empty: no headings.
    pub heading: Vec<u8>,
    pub blockquote: bool,
    pub ordered_list: bool,
    pub unordered_list: bool,
    pub code_block: bool,
    pub divider: bool,
    pub link: bool,
    pub table: bool,
    /// Column layouts (legacy document fields only); empty: none.
    pub has_layouts: bool,
    /// Headings and code blocks with props (`heading.schema`, `codeBlock.schema`; Markdoc only).
    pub heading_props: bool,
    pub code_block_props: bool,
}

impl EditorFeatures {
    /// Reads a field's options; the editor's default where they say nothing.
    pub fn read(options: &EditorOptions, kind: &ContentKind) -> EditorFeatures {
        let flag = |key: &str, default: bool| options.switch(key).unwrap_or(default);
        let mdx = *kind == ContentKind::Mdx;
        // Marks and alignment that MDX has no syntax for are off in MDX fields, whatever the options say.
        let markdoc_only = |key: &str| !mdx && flag(key, false);
        let has_props = |props: Option<&Schema>| !mdx && props.is_some_and(|s| !s.is_empty());
        EditorFeatures {
            bold: flag("bold", true),
            italic: flag("italic", true),
            strikethrough: flag("strikethrough", true),
            code: flag("code", true),
            underline: markdoc_only("underline"),
            superscript: markdoc_only("superscript"),
            subscript: markdoc_only("subscript"),
            keyboard: markdoc_only("keyboard"),
            alignment: markdoc_only("alignment"),
            heading: heading_levels(options.heading.as_ref()),
            blockquote: flag("blockquote", true),
            ordered_list: flag("orderedList", true),
            unordered_list: flag("unorderedList", true),
            code_block: !matches!(options.code_block, Some(CodeBlockOption::Switch(false))),
            divider: flag("divider", true),
            link: flag("link", true),
            table: flag("table", true),
            has_layouts: options.has_layouts(),
            heading_props: has_props(match &options.heading {
                Some(HeadingOption::Detailed { schema, .. }) => schema.as_ref(),
                _ => None,
            }),
            code_block_props: has_props(match &options.code_block {
                Some(CodeBlockOption::Detailed { schema }) => schema.as_ref(),
                _ => None,
            }),
        }
    }

    /// Whether the editor has list items at all.
    pub fn lists(&self) -> bool {
        self.ordered_list || self.unordered_list
    }
}

fn heading_levels(heading: Option<&HeadingOption>) -> Vec<u8> {
    let levels = match heading {
        Some(HeadingOption::Switch(false)) => return Vec::new(),
        Some(HeadingOption::Levels(levels)) => Some(levels),
        Some(HeadingOption::Detailed { levels, .. }) => levels.as_ref(),
        Some(HeadingOption::Switch(true)) | None => None,
    };
    let all = 1..=6u8;
    match levels {
        None => all.collect(),
        Some(levels) => all.filter(|level| levels.contains(level)).collect(),
    }
}
