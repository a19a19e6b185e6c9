//! Entry files: splitting frontmatter from content and parsing the data part, as Keystatic reads them.

use std::sync::LazyLock;

use regex::Regex;

use crate::config::DataFormat;
use crate::value::{Node, Pos, Value};
use crate::yaml;

/// Why an entry file could not be read.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{}{message}", .pos.map(|p| format!("{p}: ")).unwrap_or_default())]
pub struct ParseError {
    pub pos: Option<Pos>,
    pub message: String,
}

/// An entry file's data and, for formats with a content field, the text after the frontmatter.
#[derive(Debug, Clone, PartialEq)]
pub struct EntryFile {
    pub data: Node,
    pub content: Option<String>,
}

static FRONTMATTER: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^---(?:\r?\n([\s\S]*?))?\r?\n---\r?\n?").expect("valid pattern"));

/// Parses an entry's data file. With `has_content_field`, the data is the frontmatter (CRLF accepted)
/// and the rest is the content; a file without frontmatter is all content and `{}` data.
pub fn parse_entry_file(
    bytes: &[u8],
    format: DataFormat,
    has_content_field: bool,
) -> Result<EntryFile, ParseError> {
    let text = std::str::from_utf8(bytes).map_err(|e| ParseError {
        pos: None,
        message: format!("the file is not UTF-8 text ({e})"),
    })?;
    if !has_content_field {
        return Ok(EntryFile {
            data: parse_data(text, format, 0)?,
            content: None,
        });
    }
    let Some(found) = FRONTMATTER.captures(text) else {
        return Ok(EntryFile {
            data: Node::new(Value::Object(Vec::new()), None),
            content: Some(text.to_string()),
        });
    };
    let whole = found.get(0).map_or(0, |m| m.end());
    let data_text = found.get(1).map_or("", |m| m.as_str());
    Ok(EntryFile {
        data: parse_data(data_text, format, 1)?,
        content: Some(text[whole..].to_string()),
    })
}

fn parse_data(text: &str, format: DataFormat, line_offset: usize) -> Result<Node, ParseError> {
    match format {
        DataFormat::Yaml => yaml::parse(text).map_err(|e| ParseError {
            pos: Some(Pos {
                line: e.pos.line + line_offset,
                column: e.pos.column,
            }),
            message: e.message,
        }),
        DataFormat::Json => serde_json::from_str::<serde_json::Value>(text)
            .map(|json| {
                Node::new(
                    Value::from_json(json),
                    Some(Pos {
                        line: 1 + line_offset,
                        column: 1,
                    }),
                )
            })
            .map_err(|e| ParseError {
                pos: Some(Pos {
                    line: e.line() + line_offset,
                    column: e.column(),
                }),
                message: e.to_string(),
            }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frontmatter_splits_and_accepts_crlf() {
        let file = parse_entry_file(
            b"---\r\ntitle: Hi\r\n---\r\nBody\r\n",
            DataFormat::Yaml,
            true,
        )
        .expect("parses");
        assert_eq!(file.data.get("title").and_then(Node::as_str), Some("Hi"));
        assert_eq!(file.content.as_deref(), Some("Body\r\n"));
    }

    #[test]
    fn missing_frontmatter_is_all_content() {
        let file = parse_entry_file(b"Just text\n", DataFormat::Yaml, true).expect("parses");
        assert_eq!(file.data.value, Value::Object(Vec::new()));
        assert_eq!(file.content.as_deref(), Some("Just text\n"));
    }

    #[test]
    fn errors_point_into_the_file() {
        let err = parse_entry_file(b"---\ntitle: [a\n---\n", DataFormat::Yaml, true)
            .expect_err("bad yaml");
        assert!(err.pos.is_some_and(|p| p.line >= 2), "{err}");
        let err = parse_entry_file(b"{\"a\": }", DataFormat::Json, false).expect_err("bad json");
        assert_eq!(err.pos.map(|p| p.line), Some(1));
        assert!(parse_entry_file(&[0xff, 0xfe], DataFormat::Yaml, false).is_err());
    }
}
