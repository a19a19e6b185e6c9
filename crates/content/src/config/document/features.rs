//! The legacy `document` field's feature switches (`formatting`, `dividers`, `links`, `images`,
//! `layouts`, `tables`, `componentBlocks`) read into the options that a markdoc field spells out
//! (`bold`, `heading`, `layouts`, …), so that the admin edits both with one editor. As in Keystatic,
//! a feature is off unless the config switches it on.

use serde_json::{Map, Value as Json, json};

use crate::config::reading::{Cx, present};
use crate::value::{Node, Value};

/// Formatting groups whose switches each turn one editor option on: (group, [(switch, option)]).
const SWITCH_GROUPS: &[(&str, &[(&str, &str)])] = &[
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
    ),
    (
        "listTypes",
        &[("ordered", "orderedList"), ("unordered", "unorderedList")],
    ),
    (
        "blockTypes",
        &[("blockquote", "blockquote"), ("code", "codeBlock")],
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

    /// The switches of one group: the whole `formatting: true`, or the group's own entry.
    fn group(&self, key: &str) -> Option<&'n Node> {
        match self {
            Formatting::Off => None,
            Formatting::All(node) => Some(node),
            Formatting::Each(groups) => present(groups, key),
        }
    }
}

/// The editor options of a document field whose config entries are `entries`.
pub(super) fn options(cx: &mut Cx, entries: &[(String, Node)], what: &str) -> Json {
    let mut options = Map::new();
    let formatting = Formatting::read(cx, present(entries, "formatting"), what);
    for (group, pairs) in SWITCH_GROUPS {
        let names: Vec<&str> = pairs.iter().map(|(name, _)| *name).collect();
        let read = switches(
            cx,
            formatting.group(group),
            &names,
            &format!("{what} {group}"),
        );
        for ((_, on), (_, option)) in read.iter().zip(pairs.iter()) {
            options.insert((*option).into(), (*on).into());
        }
    }
    // The editor has one switch for centred and end alignment.
    let alignment = switches(
        cx,
        formatting.group("alignment"),
        &["center", "end"],
        &format!("{what} alignment"),
    );
    options.insert(
        "alignment".into(),
        alignment.iter().any(|(_, on)| *on).into(),
    );
    let headings = formatting.group("headingLevels");
    options.insert("heading".into(), heading_levels(cx, headings, what));
    // Soft breaks stay in the text as they are written; there is nothing to switch.
    switches(
        cx,
        formatting.group("softBreaks"),
        &[],
        &format!("{what} softBreaks"),
    );

    for (key, option) in [
        ("dividers", "divider"),
        ("links", "link"),
        ("tables", "table"),
    ] {
        let on = cx.boolean(entries, key, what).unwrap_or(false);
        options.insert(option.into(), on.into());
    }
    options.insert("image".into(), images(cx, present(entries, "images"), what));
    options.insert(
        "layouts".into(),
        layouts(cx, present(entries, "layouts"), what),
    );
    Json::Object(options)
}

/// `true` (all of `names`), `false` or absent (none), or a mapping of `name: true`.
fn switches<'n>(
    cx: &mut Cx,
    node: Option<&Node>,
    names: &[&'n str],
    what: &str,
) -> Vec<(&'n str, bool)> {
    let all = |on: bool| names.iter().map(|name| (*name, on)).collect();
    let Some(node) = node else { return all(false) };
    match &node.value {
        Value::Bool(on) => all(*on),
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
            all(false)
        }
    }
}

fn heading_levels(cx: &mut Cx, node: Option<&Node>, what: &str) -> Json {
    let Some(node) = node else {
        return json!(false);
    };
    match &node.value {
        Value::Bool(true) => json!([1, 2, 3, 4, 5, 6]),
        Value::Bool(false) => json!(false),
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
            json!(levels)
        }
        _ => {
            cx.error(
                node,
                format!("{what}: \"headingLevels\" must be true or a list of levels"),
            );
            json!(false)
        }
    }
}

fn images(cx: &mut Cx, node: Option<&Node>, what: &str) -> Json {
    let Some(node) = node else {
        return json!(false);
    };
    match &node.value {
        Value::Bool(on) => {
            if *on {
                json!({})
            } else {
                json!(false)
            }
        }
        Value::Object(entries) => {
            let what = format!("{what} images");
            cx.known_keys(entries, &["directory", "publicPath", "schema"], &what);
            let mut image = Map::new();
            for key in ["directory", "publicPath"] {
                if let Some(value) = cx.string(entries, key, &what) {
                    image.insert(key.into(), value.into());
                }
            }
            Json::Object(image)
        }
        _ => {
            cx.error(
                node,
                format!("{what}: \"images\" must be true or a mapping"),
            );
            json!(false)
        }
    }
}

/// `[[1, 1], [2, 1]]`: the column widths writers may choose.
fn layouts(cx: &mut Cx, node: Option<&Node>, what: &str) -> Json {
    let Some(node) = node else { return json!([]) };
    let message =
        format!("{what}: \"layouts\" must be a list of column widths, like [[1, 1], [2, 1]]");
    let Value::Array(layouts) = &node.value else {
        cx.error(node, message);
        return json!([]);
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
            Some(widths) => read.push(json!(widths)),
            None => cx.error(layout, message.clone()),
        }
    }
    Json::Array(read)
}

#[cfg(test)]
mod tests {
    use crate::config::{self, FieldKind};
    use serde_json::json;

    fn options(field: &str) -> Result<serde_json::Value, String> {
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
        assert_eq!(
            options("{ kind: document, label: Body }").unwrap(),
            json!({
                "bold": false, "italic": false, "underline": false, "strikethrough": false,
                "code": false, "superscript": false, "subscript": false, "keyboard": false,
                "orderedList": false, "unorderedList": false, "alignment": false,
                "blockquote": false, "codeBlock": false, "heading": false,
                "divider": false, "link": false, "table": false, "image": false, "layouts": []
            })
        );
    }

    #[test]
    fn switches_read_into_the_editor_options() {
        let read = options(
            "{ kind: document, label: Body, formatting: { inlineMarks: { bold: true, keyboard: true }, listTypes: true, headingLevels: [3, 1] }, links: true, images: { directory: public/images, publicPath: /images/ }, layouts: [[1, 1], [2, 1]] }",
        )
        .unwrap();
        assert_eq!(read["bold"], json!(true));
        assert_eq!(read["keyboard"], json!(true));
        assert_eq!(read["italic"], json!(false));
        assert_eq!(read["orderedList"], json!(true));
        assert_eq!(read["heading"], json!([1, 3]));
        assert_eq!(read["link"], json!(true));
        assert_eq!(
            read["image"],
            json!({ "directory": "public/images", "publicPath": "/images/" })
        );
        assert_eq!(read["layouts"], json!([[1.0, 1.0], [2.0, 1.0]]));
        let all = options("{ kind: document, label: Body, formatting: true }").unwrap();
        assert_eq!(all["heading"], json!([1, 2, 3, 4, 5, 6]));
        assert_eq!(all["underline"], json!(true));
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
