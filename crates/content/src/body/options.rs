//! What a content field lets its editors write: its `options` as Keystatic spells them, read with
//! every default filled in, exactly as the admin's editor reads them (`web/src/editor/options.ts`).

use serde_json::Value as Json;

use crate::config::ContentKind;

/// The features the admin's editor builds for a content field.
#[derive(Debug, Clone, PartialEq)]
pub struct EditorOptions {
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

impl EditorOptions {
    /// Reads a field's options; a value of the wrong shape keeps the default, as in the admin.
    pub fn read(options: &Json, kind: &ContentKind) -> EditorOptions {
        let flag =
            |key: &str, default: bool| options.get(key).and_then(Json::as_bool).unwrap_or(default);
        let mdx = *kind == ContentKind::Mdx;
        // Marks and alignment that MDX has no syntax for are off in MDX fields, whatever the options say.
        let markdoc_only = |key: &str| !mdx && flag(key, false);
        let has_schema = |key: &str| {
            !mdx && options
                .get(key)
                .and_then(|option| option.get("schema"))
                .and_then(Json::as_object)
                .is_some_and(|schema| !schema.is_empty())
        };
        EditorOptions {
            bold: flag("bold", true),
            italic: flag("italic", true),
            strikethrough: flag("strikethrough", true),
            code: flag("code", true),
            underline: markdoc_only("underline"),
            superscript: markdoc_only("superscript"),
            subscript: markdoc_only("subscript"),
            keyboard: markdoc_only("keyboard"),
            alignment: markdoc_only("alignment"),
            heading: heading_levels(options.get("heading")),
            blockquote: flag("blockquote", true),
            ordered_list: flag("orderedList", true),
            unordered_list: flag("unorderedList", true),
            code_block: flag("codeBlock", true),
            divider: flag("divider", true),
            link: flag("link", true),
            table: flag("table", true),
            has_layouts: options
                .get("layouts")
                .and_then(Json::as_array)
                .is_some_and(|layouts| layouts.iter().any(is_layout)),
            heading_props: has_schema("heading"),
            code_block_props: has_schema("codeBlock"),
        }
    }

    /// Whether the editor has list items at all.
    pub fn lists(&self) -> bool {
        self.ordered_list || self.unordered_list
    }
}

fn heading_levels(raw: Option<&Json>) -> Vec<u8> {
    let levels = match raw {
        Some(Json::Bool(false)) => return Vec::new(),
        Some(Json::Array(levels)) => Some(levels),
        Some(Json::Object(object)) => object.get("levels").and_then(Json::as_array),
        _ => None,
    };
    let all = 1..=6u8;
    match levels {
        None => all.collect(),
        Some(levels) => all
            .filter(|level| {
                levels
                    .iter()
                    .any(|given| given.as_f64() == Some(f64::from(*level)))
            })
            .collect(),
    }
}

fn is_layout(layout: &Json) -> bool {
    layout.as_array().is_some_and(|ratios| {
        !ratios.is_empty()
            && ratios
                .iter()
                .all(|ratio| ratio.as_f64().is_some_and(|r| r > 0.0))
    })
}
