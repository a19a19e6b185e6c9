//! Reads a markdoc or mdx field's editor `options` (`{ bold: false, heading: [1, 2], image: {
//! directory } }`) into [`EditorOptions`], refusing with its place each option the editor would not
//! understand. The props of headings, code blocks and images are schemas, read as every schema is.

use super::model::{
    CodeBlockOption, EditorOptions, HeadingOption, ImageDetails, ImageOption, Schema,
};
use super::nested::ReadFields;
use super::reading::{Cx, present};
use crate::value::{Node, Value};

/// Keys the editor keeps for itself on headings and code blocks; their props may not use them.
const RESERVED_PROPS: &[(&str, &[&str])] = &[
    ("heading", &["level", "textAlign"]),
    ("codeBlock", &["language", "content"]),
    ("image", &[]),
];

/// The options of the field named `what`; none written: every feature at its default.
pub(crate) fn read(cx: &mut Cx, node: Option<&Node>, what: &str) -> EditorOptions {
    let mut options = EditorOptions::default();
    let Some(node) = node else { return options };
    let Value::Object(entries) = &node.value else {
        cx.error(node, format!("{what}: options must be a mapping"));
        return options;
    };
    for (key, node) in entries {
        let read = match key.as_str() {
            "heading" => heading(cx, node, what).map(|h| options.heading = Some(h)),
            "codeBlock" => code_block(cx, node, what).map(|c| options.code_block = Some(c)),
            "image" => image(cx, node, what).map(|i| options.image = Some(i)),
            "layouts" => layouts(node).map(|l| options.layouts = Some(l)),
            switch => match EditorOptions::SWITCHES.iter().find(|s| **s == switch) {
                Some(name) => match node.value {
                    Value::Bool(on) => {
                        options.switches.push((name, on));
                        Ok(())
                    }
                    _ => Err("must be true or false".to_string()),
                },
                None => Err(format!("\"{switch}\" is not an editor option")),
            },
        };
        if let Err(problem) = read {
            cx.error(node, format!("{what}: options.{key} {problem}"));
        }
    }
    options
}

fn heading(cx: &mut Cx, node: &Node, what: &str) -> Result<HeadingOption, String> {
    match &node.value {
        Value::Bool(on) => Ok(HeadingOption::Switch(*on)),
        Value::Array(_) => levels(node).map(HeadingOption::Levels),
        Value::Object(parts) => {
            only(parts, &["levels", "schema"])?;
            Ok(HeadingOption::Detailed {
                levels: present(parts, "levels").map(levels).transpose()?,
                schema: props(cx, parts, "heading", what),
            })
        }
        _ => Err("must be true, false, a list of levels or { levels, schema }".into()),
    }
}

fn code_block(cx: &mut Cx, node: &Node, what: &str) -> Result<CodeBlockOption, String> {
    match &node.value {
        Value::Bool(on) => Ok(CodeBlockOption::Switch(*on)),
        Value::Object(parts) => {
            only(parts, &["schema"])?;
            Ok(CodeBlockOption::Detailed {
                schema: props(cx, parts, "codeBlock", what),
            })
        }
        _ => Err("must be true, false or { schema }".into()),
    }
}

fn image(cx: &mut Cx, node: &Node, what: &str) -> Result<ImageOption, String> {
    let parts = match &node.value {
        Value::Bool(on) => return Ok(ImageOption::Switch(*on)),
        Value::Object(parts) => parts,
        _ => {
            return Err(
                "must be true, false or { directory, publicPath, transformFilename, schema }"
                    .into(),
            );
        }
    };
    only(
        parts,
        &["directory", "publicPath", "transformFilename", "schema"],
    )?;
    let text = |part: &str| match present(parts, part).map(|n| &n.value) {
        None => Ok(None),
        Some(Value::String(s)) => Ok(Some(s.clone())),
        Some(_) => Err(format!("{part} must be a string")),
    };
    let directory = text("directory")?;
    let public_path = text("publicPath")?;
    // Keystatic's is a function; here a named transform (none: names as uploaded).
    let slug_file_names = match present(parts, "transformFilename").map(|n| &n.value) {
        None => false,
        Some(Value::String(s)) if s == "slug" => true,
        Some(_) => return Err("transformFilename must be \"slug\" (file names made slugs, as my-photo-1.png from My Photo 1.png)".into()),
    };
    Ok(ImageOption::Detailed(ImageDetails {
        directory,
        public_path,
        slug_file_names,
        schema: props(cx, parts, "image", what),
    }))
}

fn layouts(node: &Node) -> Result<Vec<Vec<f64>>, String> {
    let layout = |layout: &Node| match &layout.value {
        Value::Array(ratios) if !ratios.is_empty() => ratios
            .iter()
            .map(|r| match r.value {
                Value::Number(n) if n > 0.0 => Some(n),
                _ => None,
            })
            .collect(),
        _ => None,
    };
    match &node.value {
        Value::Array(layouts) => layouts.iter().map(layout).collect(),
        _ => None,
    }
    .ok_or_else(|| "must be a list of column widths, such as [[1, 1], [2, 1]]".into())
}

fn levels(node: &Node) -> Result<Vec<u8>, String> {
    let level = |level: &Node| match level.value {
        Value::Number(n) if n.fract() == 0.0 && (1.0..=6.0).contains(&n) => Some(n as u8),
        _ => None,
    };
    match &node.value {
        Value::Array(levels) => levels.iter().map(level).collect(),
        // Keystatic's `levels: true` (every level) and `false` (none).
        Value::Bool(true) => Some(vec![1, 2, 3, 4, 5, 6]),
        Value::Bool(false) => Some(Vec::new()),
        _ => None,
    }
    .ok_or_else(|| "levels must be true, false or heading levels from 1 to 6".into())
}

fn only(parts: &[(String, Node)], allowed: &[&str]) -> Result<(), String> {
    match parts
        .iter()
        .find(|(part, _)| !allowed.contains(&part.as_str()))
    {
        Some((part, _)) => Err(format!(
            "has no \"{part}\" (it takes {})",
            allowed.join(", ")
        )),
        None => Ok(()),
    }
}

/// The props of `key`'s nodes (its `schema`), none of which may take a name the editor keeps.
pub(crate) fn props(
    cx: &mut Cx,
    parts: &[(String, Node)],
    key: &str,
    what: &str,
) -> Option<Schema> {
    let node = present(parts, "schema")?;
    let owner = format!("{what} {key}");
    let schema = cx.schema(Some(node), &owner, node);
    let reserved = RESERVED_PROPS
        .iter()
        .find(|(k, _)| *k == key)
        .map_or(&[][..], |(_, names)| names);
    for (name, _) in schema
        .iter()
        .filter(|(name, _)| reserved.contains(&name.as_str()))
    {
        cx.error(
            node,
            format!("{owner} schema: \"{name}\" is reserved for the editor"),
        );
    }
    Some(schema)
}

#[cfg(test)]
mod tests {
    use crate::config::{self, EditorOptions, FieldKind, HeadingOption, ImageOption};

    fn options(options: &str) -> Result<EditorOptions, String> {
        let text = format!(
            "singletons:\n  page:\n    path: page\n    schema:\n      body:\n        kind: markdoc\n        label: Body\n        options: {options}\n"
        );
        let config = config::parse(&text).map_err(|e| e.render("quire.yaml"))?;
        match &config.singleton("page").unwrap().schema[0].1.kind {
            FieldKind::Content { options, .. } => Ok(options.clone()),
            other => panic!("a content field, not {}", other.name()),
        }
    }

    #[test]
    fn heading_and_code_block_props_are_normalized_schemas() {
        let read = options(
            "{ bold: false, heading: { levels: [1, 2], schema: { id: { kind: text, label: Id } } }, codeBlock: { schema: { title: { kind: text, label: Title } } } }",
        )
        .unwrap();
        assert_eq!(read.switches, vec![("bold", false)]);
        let Some(HeadingOption::Detailed {
            levels,
            schema: Some(schema),
        }) = &read.heading
        else {
            panic!("heading: {:?}", read.heading);
        };
        assert_eq!(levels.as_deref(), Some(&[1, 2][..]));
        assert_eq!(schema[0].0, "id");
        assert_eq!(schema[0].1.kind.name(), "text");
        assert_eq!(schema[0].1.label, "Id");
        assert!(
            matches!(&read.code_block, Some(config::CodeBlockOption::Detailed { schema: Some(s) }) if s[0].1.label == "Title"),
            "{:?}",
            read.code_block
        );
    }

    #[test]
    fn uploaded_image_names_may_be_made_slugs() {
        let read =
            options("{ image: { directory: public/images, transformFilename: slug } }").unwrap();
        assert!(
            matches!(&read.image, Some(ImageOption::Detailed(image)) if image.slug_file_names),
            "{:?}",
            read.image
        );
        assert_eq!(read.image_directory(), Some("public/images"));
    }

    #[test]
    fn options_of_the_wrong_shape_are_refused_with_their_place() {
        for (written, message) in [
            (
                "{ bold: 'yes' }",
                "field \"body\": options.bold must be true or false",
            ),
            (
                "{ heading: [1, 7] }",
                "field \"body\": options.heading levels must be true, false or heading levels from 1 to 6",
            ),
            (
                "{ image: { directory: 3 } }",
                "field \"body\": options.image directory must be a string",
            ),
            (
                "{ image: { folder: x } }",
                "field \"body\": options.image has no \"folder\" (it takes directory, publicPath, transformFilename, schema)",
            ),
            (
                "{ image: { transformFilename: lower } }",
                "field \"body\": options.image transformFilename must be \"slug\" (file names made slugs, as my-photo-1.png from My Photo 1.png)",
            ),
            (
                "{ bolt: true }",
                "field \"body\": options.bolt \"bolt\" is not an editor option",
            ),
            (
                "{ layouts: [[1, 0]] }",
                "field \"body\": options.layouts must be a list of column widths, such as [[1, 1], [2, 1]]",
            ),
        ] {
            let error = options(written).expect_err(written);
            assert!(
                error.starts_with("quire.yaml:8:"),
                "{written} is placed: {error}"
            );
            assert!(error.ends_with(message), "{written}: {error}");
        }
        assert!(options("{ bold: false, heading: [1, 2], image: { directory: public/a, publicPath: /a/ }, codeBlock: true }").is_ok());
    }

    #[test]
    fn a_field_with_layouts_keeps_their_tags_for_itself() {
        let text = "singletons:\n  page:\n    path: page\n    schema:\n      body:\n        kind: markdoc\n        label: Body\n        options: { layouts: [[1, 1]] }\n        components:\n          layout: { kind: block, label: Layout, schema: {} }\n";
        let error = config::parse(text).expect_err("taken").render("quire.yaml");
        assert!(
            error.contains("component \"layout\": the field writes \"layout\" tags itself"),
            "{error}"
        );
        assert!(config::parse(&text.replace("layouts: [[1, 1]]", "bold: true")).is_ok());
    }

    #[test]
    fn props_may_not_take_the_editor_s_own_keys() {
        let error = options("{ heading: { schema: { level: { kind: integer, label: Level } } } }")
            .unwrap_err();
        assert!(
            error.contains("heading schema: \"level\" is reserved for the editor"),
            "{error}"
        );
    }
}
