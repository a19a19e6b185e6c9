//! The legacy `document` field's feature switches (`formatting`, `dividers`, `links`, `images`,
//! `layouts`, `tables`, `componentBlocks`) read into the options that a markdoc field spells out
//! (`bold`, `heading`, `layouts`, …), so that the admin edits both with one editor. As in Keystatic,
//! a feature is off unless the config switches it on.

use crate::config::editor_options::props;
use crate::config::model::{
    CodeBlockOption, EditorOptions, HeadingOption, ImageDetails, ImageOption, TextAlign,
};
use crate::config::reading::{Cx, present};
use crate::value::{Node, Value};

/// A formatting group whose switches each turn one editor option on: its name, its
/// (switch, option) pairs, and the switches its `true` turns on (Keystatic's `true` leaves off the
/// marks Markdown has no syntax for).
type SwitchGroup = (
    &'static str,
    &'static [(&'static str, &'static str)],
    &'static [&'static str],
);

const SWITCH_GROUPS: &[SwitchGroup] = &[
    (
        "inlineMarks",
        &[
            ("bold", "bold"),
            ("italic", "italic"),
            ("underline", "underline"),
            ("strikethrough", "strikethrough"),
            ("code", "code"),
            ("superscript", "superscript"),
            ("subscript", "subscript"),
            ("keyboard", "keyboard"),
        ],
        &["bold", "italic", "strikethrough", "code"],
    ),
    (
        "listTypes",
        &[("ordered", "orderedList"), ("unordered", "unorderedList")],
        &["ordered", "unordered"],
    ),
];

const GROUPS: &[&str] = &[
    "inlineMarks",
    "listTypes",
    "alignment",
    "headingLevels",
    "blockTypes",
    "softBreaks",
];

pub(crate) const OPTIONS: &[&str] = &[
    "formatting",
    "dividers",
    "links",
    "images",
    "layouts",
    "tables",
    "componentBlocks",
];

/// `formatting`: off, every group on (`true`), or group by group.
enum Formatting<'n> {
    Off,
    All(&'n Node),
    Each(&'n [(String, Node)]),
}

impl<'n> Formatting<'n> {
    fn read(cx: &mut Cx, node: Option<&'n Node>, what: &str) -> Formatting<'n> {
        let Some(node) = node else {
            return Formatting::Off;
        };
        match &node.value {
            Value::Bool(true) => Formatting::All(node),
            Value::Object(groups) => {
                cx.known_keys(groups, GROUPS, &format!("{what} formatting"));
                Formatting::Each(groups)
            }
            _ => {
                cx.error(
                    node,
                    format!("{what}: \"formatting\" must be true or a mapping of features"),
                );
                Formatting::Off
            }
        }
    }

    /// The switches of one group: the whole `formatting: true` (which, as in Keystatic, leaves
    /// alignment off: Markdown has no syntax for it), or the group's own entry.
    fn group(&self, key: &str) -> Option<&'n Node> {
        match self {
            Formatting::Off => None,
            Formatting::All(_) if key == "alignment" => None,
            Formatting::All(node) => Some(node),
            Formatting::Each(groups) => present(groups, key),
        }
    }
}

/// The editor options of a document field whose config entries are `entries`.
pub(super) fn options(cx: &mut Cx, entries: &[(String, Node)], what: &str) -> EditorOptions {
    let mut options = EditorOptions::default();
    let formatting = Formatting::read(cx, present(entries, "formatting"), what);
    for (group, pairs, all) in SWITCH_GROUPS {
        let names: Vec<&str> = pairs.iter().map(|(name, _)| *name).collect();
        let read = switches(
            cx,
            formatting.group(group),
            &names,
            all,
            &format!("{what} {group}"),
        );
        for ((_, on), (_, option)) in read.iter().zip(pairs.iter()) {
            options.switches.push((option, *on));
        }
    }
    let (blockquote, code_block) = block_types(cx, formatting.group("blockTypes"), what);
    options.switches.push(("blockquote", blockquote));
    options.code_block = Some(code_block);
    let alignment = switches(
        cx,
        formatting.group("alignment"),
        &["center", "end"],
        &["center", "end"],
        &format!("{what} alignment"),
    );
    let align_to: Vec<TextAlign> = alignment
        .iter()
        .filter(|(_, on)| *on)
        .map(|(name, _)| {
            if *name == "center" {
                TextAlign::Center
            } else {
                TextAlign::End
            }
        })
        .collect();
    options.switches.push(("alignment", !align_to.is_empty()));
    options.align_to = Some(align_to);
    let headings = formatting.group("headingLevels");
    options.heading = Some(heading_levels(cx, headings, what));
    // Soft breaks stay in the text as they are written; there is nothing to switch.
    switches(
        cx,
        formatting.group("softBreaks"),
        &[],
        &[],
        &format!("{what} softBreaks"),
    );

    for (key, option) in [
        ("dividers", "divider"),
        ("links", "link"),
        ("tables", "table"),
    ] {
        let on = cx.boolean(entries, key, what).unwrap_or(false);
        options.switches.push((option, on));
    }
    options.image = Some(images(cx, present(entries, "images"), what));
    options.layouts = Some(layouts(cx, present(entries, "layouts"), what));
    options
}

/// `true` (the names of `all`), `false` or absent (none), or a mapping of `name: true`.
fn switches<'n>(
    cx: &mut Cx,
    node: Option<&Node>,
    names: &[&'n str],
    all: &[&str],
    what: &str,
) -> Vec<(&'n str, bool)> {
    let each = |on: bool| {
        names
            .iter()
            .map(|name| (*name, on && all.contains(name)))
            .collect()
    };
    let Some(node) = node else { return each(false) };
    match &node.value {
        Value::Bool(on) => each(*on),
        Value::Object(entries) if !names.is_empty() => {
            cx.known_keys(entries, names, what);
            names
                .iter()
                .map(|name| (*name, cx.boolean(entries, name, what).unwrap_or(false)))
                .collect()
        }
        _ => {
            let expected = if names.is_empty() {
                "true or false"
            } else {
                "true or a mapping of switches"
            };
            cx.error(node, format!("{what} must be {expected}"));
            each(false)
        }
    }
}

/// `blockTypes`: true (both), or `{ blockquote: true, code: true | { schema } }`; the block quote's
/// switch and the code block's option.
fn block_types(cx: &mut Cx, node: Option<&Node>, what: &str) -> (bool, CodeBlockOption) {
    let what = format!("{what} blockTypes");
    let Some(node) = node else {
        return (false, CodeBlockOption::Switch(false));
    };
    match &node.value {
        Value::Bool(on) => (*on, CodeBlockOption::Switch(*on)),
        Value::Object(entries) => {
            cx.known_keys(entries, &["blockquote", "code"], &what);
            let blockquote = cx.boolean(entries, "blockquote", &what).unwrap_or(false);
            let code = match present(entries, "code").map(|code| &code.value) {
                // Keystatic's `code: { schema }`: the props code blocks carry.
                Some(Value::Object(parts)) => {
                    cx.known_keys(parts, &["schema"], &format!("{what} code"));
                    CodeBlockOption::Detailed {
                        schema: props(cx, parts, "codeBlock", &what),
                    }
                }
                _ => CodeBlockOption::Switch(cx.boolean(entries, "code", &what).unwrap_or(false)),
            };
            (blockquote, code)
        }
        _ => {
            cx.error(
                node,
                format!("{what} must be true or a mapping of switches"),
            );
            (false, CodeBlockOption::Switch(false))
        }
    }
}

pub(super) fn heading_levels(cx: &mut Cx, node: Option<&Node>, what: &str) -> HeadingOption {
    let Some(node) = node else {
        return HeadingOption::Switch(false);
    };
    match &node.value {
        Value::Bool(true) => HeadingOption::Levels(vec![1, 2, 3, 4, 5, 6]),
        Value::Bool(false) => HeadingOption::Switch(false),
        // Keystatic's `{ levels, schema }`: the levels as above, and the props headings carry.
        Value::Object(parts) => {
            let owner = format!("{what} headingLevels");
            cx.known_keys(parts, &["levels", "schema"], &owner);
            let levels = match present(parts, "levels") {
                Some(levels) => match heading_levels(cx, Some(levels), what) {
                    HeadingOption::Levels(levels) => levels,
                    _ => Vec::new(),
                },
                None => {
                    cx.error(
                        node,
                        format!("{owner}: levels is required (true or a list of levels)"),
                    );
                    Vec::new()
                }
            };
            HeadingOption::Detailed {
                levels: Some(levels),
                schema: props(cx, parts, "heading", what),
            }
        }
        Value::Array(items) => {
            let mut levels: Vec<u8> = Vec::new();
            for item in items {
                match item.value {
                    Value::Number(n) if n.fract() == 0.0 && (1.0..=6.0).contains(&n) => {
                        levels.push(n as u8)
                    }
                    _ => cx.error(
                        item,
                        format!("{what}: heading levels must be whole numbers from 1 to 6"),
                    ),
                }
            }
            levels.sort_unstable();
            levels.dedup();
            HeadingOption::Levels(levels)
        }
        _ => {
            cx.error(
                node,
                format!(
                    "{what}: \"headingLevels\" must be true, a list of levels or {{ levels, schema }}"
                ),
            );
            HeadingOption::Switch(false)
        }
    }
}

fn images(cx: &mut Cx, node: Option<&Node>, what: &str) -> ImageOption {
    let Some(node) = node else {
        return ImageOption::Switch(false);
    };
    match &node.value {
        // On: images beside the content file, as a markdoc field's `image: {}`.
        Value::Bool(true) => ImageOption::Detailed(ImageDetails::default()),
        Value::Bool(false) => ImageOption::Switch(false),
        Value::Object(entries) => {
            let what = format!("{what} images");
            cx.known_keys(entries, &["directory", "publicPath", "schema"], &what);
            ImageOption::Detailed(ImageDetails {
                directory: cx.string(entries, "directory", &what),
                public_path: cx.string(entries, "publicPath", &what),
                ..ImageDetails::default()
            })
        }
        _ => {
            cx.error(
                node,
                format!("{what}: \"images\" must be true or a mapping"),
            );
            ImageOption::Switch(false)
        }
    }
}

/// `[[1, 1], [2, 1]]`: the column widths writers may choose.
fn layouts(cx: &mut Cx, node: Option<&Node>, what: &str) -> Vec<Vec<f64>> {
    let Some(node) = node else { return Vec::new() };
    let message =
        format!("{what}: \"layouts\" must be a list of column widths, like [[1, 1], [2, 1]]");
    let Value::Array(layouts) = &node.value else {
        cx.error(node, message);
        return Vec::new();
    };
    let mut read = Vec::new();
    for layout in layouts {
        let widths: Option<Vec<f64>> = match &layout.value {
            Value::Array(widths) if !widths.is_empty() => widths
                .iter()
                .map(|w| match w.value {
                    Value::Number(n) if n > 0.0 && n.is_finite() => Some(n),
                    _ => None,
                })
                .collect(),
            _ => None,
        };
        match widths {
            Some(widths) => read.push(widths),
            None => cx.error(layout, message.clone()),
        }
    }
    read
}

#[cfg(test)]
mod tests {
    use crate::config::{self, CodeBlockOption, EditorOptions, FieldKind, HeadingOption};
    use crate::config::{ImageDetails, ImageOption, TextAlign};

    fn options(field: &str) -> Result<EditorOptions, String> {
        let text =
            format!("singletons:\n  page:\n    path: page\n    schema:\n      body: {field}\n");
        let config = config::parse(&text).map_err(|e| e.render("quire.yaml"))?;
        let (_, body) = &config.singleton("page").unwrap().schema[0];
        match &body.kind {
            FieldKind::Content { options, .. } => Ok(options.clone()),
            other => panic!("a content field, not {}", other.name()),
        }
    }

    #[test]
    fn every_feature_is_off_unless_switched_on() {
        let read = options("{ kind: document, label: Body }").unwrap();
        let mut named: Vec<&str> = read.switches.iter().map(|(name, _)| *name).collect();
        named.sort_unstable();
        let mut every: Vec<&str> = EditorOptions::SWITCHES.to_vec();
        every.sort_unstable();
        assert_eq!(named, every, "every switch is said");
        assert!(
            read.switches.iter().all(|(_, on)| !on),
            "{:?}",
            read.switches
        );
        assert_eq!(read.heading, Some(HeadingOption::Switch(false)));
        assert_eq!(read.code_block, Some(CodeBlockOption::Switch(false)));
        assert_eq!(read.image, Some(ImageOption::Switch(false)));
        assert_eq!(read.layouts, Some(vec![]));
    }

    #[test]
    fn switches_read_into_the_editor_options() {
        let read = options(
            "{ kind: document, label: Body, formatting: { inlineMarks: { bold: true, keyboard: true }, listTypes: true, headingLevels: [3, 1] }, links: true, images: { directory: public/images, publicPath: /images/ }, layouts: [[1, 1], [2, 1]] }",
        )
        .unwrap();
        let switch = |name: &str| read.switch(name);
        assert_eq!(switch("bold"), Some(true));
        assert_eq!(switch("keyboard"), Some(true));
        assert_eq!(switch("italic"), Some(false));
        assert_eq!(switch("orderedList"), Some(true));
        assert_eq!(switch("link"), Some(true));
        assert_eq!(read.heading, Some(HeadingOption::Levels(vec![1, 3])));
        assert_eq!(
            read.image,
            Some(ImageOption::Detailed(ImageDetails {
                directory: Some("public/images".into()),
                public_path: Some("/images/".into()),
                ..ImageDetails::default()
            }))
        );
        assert_eq!(read.layouts, Some(vec![vec![1.0, 1.0], vec![2.0, 1.0]]));
        let all = options("{ kind: document, label: Body, formatting: true }").unwrap();
        assert_eq!(
            all.heading,
            Some(HeadingOption::Levels(vec![1, 2, 3, 4, 5, 6]))
        );
        // As Keystatic's `true`: the Markdown marks, not the ones written as tags, nor alignment.
        assert_eq!(all.switch("bold"), Some(true));
        assert_eq!(all.switch("strikethrough"), Some(true));
        assert_eq!(all.switch("underline"), Some(false));
        assert_eq!(all.switch("keyboard"), Some(false));
        assert_eq!(all.switch("alignment"), Some(false));
        assert_eq!(all.align_to, Some(vec![]));
        assert_eq!(all.switch("blockquote"), Some(true));
        // Centred text alone, as Keystatic's `alignment: { center: true }` offers it.
        let center =
            options("{ kind: document, label: Body, formatting: { alignment: { center: true } } }")
                .unwrap();
        assert_eq!(center.switch("alignment"), Some(true));
        assert_eq!(center.align_to, Some(vec![TextAlign::Center]));
        let marks =
            options("{ kind: document, label: Body, formatting: { inlineMarks: true } }").unwrap();
        assert_eq!(marks.switch("code"), Some(true));
        assert_eq!(marks.switch("superscript"), Some(false));
    }

    #[test]
    fn heading_levels_and_code_blocks_may_carry_props_as_keystatic_writes_them() {
        let read = options(
            "{ kind: document, label: Body, formatting: { headingLevels: { levels: [1, 2, 3, 4], schema: { id: { kind: text, label: Anchor } } }, blockTypes: { blockquote: true, code: { schema: { title: { kind: text, label: Title } } } } } }",
        )
        .unwrap();
        let Some(HeadingOption::Detailed {
            levels: Some(levels),
            schema: Some(schema),
        }) = &read.heading
        else {
            panic!("headings with props: {:?}", read.heading);
        };
        assert_eq!(levels, &[1, 2, 3, 4]);
        assert_eq!(schema[0].0, "id");
        let Some(CodeBlockOption::Detailed {
            schema: Some(schema),
        }) = &read.code_block
        else {
            panic!("code blocks with props: {:?}", read.code_block);
        };
        assert_eq!(schema[0].0, "title");
        assert_eq!(read.switch("blockquote"), Some(true));
        let all = options(
            "{ kind: document, label: Body, formatting: { headingLevels: { levels: true } } }",
        )
        .unwrap();
        assert_eq!(
            all.heading,
            Some(HeadingOption::Detailed {
                levels: Some(vec![1, 2, 3, 4, 5, 6]),
                schema: None
            })
        );
        let reserved = options(
            "{ kind: document, label: Body, formatting: { headingLevels: { levels: [1], schema: { level: { kind: integer, label: Level } } } } }",
        )
        .unwrap_err();
        assert!(
            reserved.contains("\"level\" is reserved for the editor"),
            "{reserved}"
        );
        let missing = options(
            "{ kind: document, label: Body, formatting: { headingLevels: { schema: {} } } }",
        )
        .unwrap_err();
        assert!(missing.contains("levels is required"), "{missing}");
    }

    #[test]
    fn wrong_shapes_say_what_and_where() {
        let error = options(
            "{ kind: document, label: Body, layouts: [[1, 0]], formatting: { lists: true } }",
        )
        .unwrap_err();
        assert!(
            error.contains("\"layouts\" must be a list of column widths"),
            "{error}"
        );
        assert!(error.contains("unknown option \"lists\""), "{error}");
        assert!(error.contains("quire.yaml:5:"), "{error}");
    }
}
