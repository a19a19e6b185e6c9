//! Reads YAML the way `js-yaml` 4 `load` does with its default schema, keeping positions.
//!
//! Plain scalars resolve to null, booleans, numbers and timestamps by js-yaml's patterns; quoted
//! scalars are always strings. A document must hold one value; duplicate keys are an error. A
//! scalar shaped like a timestamp that names no real day or time is text, as the admin's loader
//! reads it (`timestamp.rs`). Syntax errors are worded as js-yaml words them (`yaml_wording.rs`).
//!
//! Unlike js-yaml, the reader bounds what a small file can cost: collections nest at most
//! [`MAX_DEPTH`] deep, and aliases may copy at most [`MAX_ALIASED_VALUES`] values in all (a
//! "billion laughs" file is refused, not expanded).

use std::collections::{HashMap, HashSet};

use saphyr_parser::{Event, Parser, ScalarStyle, Span};

use crate::timestamp;
use crate::value::{Node, Pos, Value};

/// A YAML syntax error and where it is.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{pos}: {message}")]
pub struct YamlError {
    pub pos: Pos,
    pub message: String,
}

/// How deep collections may nest.
pub const MAX_DEPTH: usize = 200;
/// How many values aliases may copy, in all, in one document.
pub const MAX_ALIASED_VALUES: usize = 100_000;

/// Parses one YAML document. An empty document is `null`, as in js-yaml.
pub fn parse(text: &str) -> Result<Node, YamlError> {
    let mut reader = Reader {
        text,
        parser: Parser::new_from_str(text),
        anchors: HashMap::new(),
        depth: 0,
        aliased: 0,
    };
    let mut root = None;
    loop {
        let (event, span) = reader.next()?;
        match event {
            Event::StreamStart | Event::DocumentEnd | Event::Nothing => {}
            Event::DocumentStart(_) => {
                if root.is_some() {
                    return Err(YamlError {
                        pos: pos(&span),
                        message: "expected a single document in the stream, but found more".into(),
                    });
                }
                let (event, span) = reader.next()?;
                let node = match event {
                    Event::DocumentEnd => Node::new(Value::Null, Some(pos(&span))),
                    other => reader.node(other, span)?,
                };
                root = Some(node);
            }
            Event::StreamEnd => break,
            other => return Err(unexpected(&other, &span)),
        }
    }
    Ok(root.unwrap_or(Node::new(Value::Null, None)))
}

struct Reader<'a> {
    text: &'a str,
    parser: Parser<'a, saphyr_parser::StrInput<'a>>,
    /// Anchored values, how many values each holds and how deep it nests.
    anchors: HashMap<usize, (Node, usize, usize)>,
    /// Collections open around the current value.
    depth: usize,
    /// Values copied so far: kept for an anchor, and again for each alias.
    aliased: usize,
}

impl<'a> Reader<'a> {
    fn next(&mut self) -> Result<(Event<'a>, Span), YamlError> {
        match self.parser.next_event() {
            Some(Ok(pair)) => Ok(pair),
            Some(Err(err)) => {
                let at = Pos {
                    line: err.marker().line(),
                    column: err.marker().col() + 1,
                };
                let (pos, message) =
                    crate::yaml_wording::reword(self.text, at, err.marker().index(), err.info());
                Err(YamlError { pos, message })
            }
            None => Err(YamlError {
                pos: Pos { line: 1, column: 1 },
                message: "unexpected end of input".into(),
            }),
        }
    }

    fn node(&mut self, event: Event<'a>, span: Span) -> Result<Node, YamlError> {
        let at = Some(pos(&span));
        let (node, anchor) = match event {
            Event::Scalar(text, style, anchor, tag) => {
                let tag = tag.map(|t| format!("{}{}", t.handle, t.suffix));
                (
                    Node::new(
                        resolve_scalar(&text, style, tag.as_deref(), pos(&span))?,
                        at,
                    ),
                    anchor,
                )
            }
            Event::Alias(id) => {
                let (node, size, depth) = self.anchors.get(&id).ok_or_else(|| YamlError {
                    pos: pos(&span),
                    message: "unidentified alias".into(),
                })?;
                let (node, size, depth) = (node.clone(), *size, *depth);
                self.copied(size, &span)?;
                if self.depth + depth > MAX_DEPTH {
                    return Err(too_deep(&span));
                }
                return Ok(node);
            }
            Event::SequenceStart(anchor, _) => {
                self.enter(&span)?;
                let mut items = Vec::new();
                loop {
                    let (event, span) = self.next()?;
                    if matches!(event, Event::SequenceEnd) {
                        break;
                    }
                    items.push(self.node(event, span)?);
                }
                self.depth -= 1;
                (Node::new(Value::Array(items), at), anchor)
            }
            Event::MappingStart(anchor, _) => {
                self.enter(&span)?;
                let mut entries: Vec<(String, Node)> = Vec::new();
                // Each key's place in `entries`, so that every key is checked in one step.
                let mut keys: HashMap<String, usize> = HashMap::new();
                // Keys a merge (`<<`) brought in, which the mapping's own keys override.
                let mut merged: HashSet<String> = HashSet::new();
                loop {
                    let (event, key_span) = self.next()?;
                    if matches!(event, Event::MappingEnd) {
                        break;
                    }
                    let key_node = self.node(event, key_span)?;
                    let key = key_string(&key_node).ok_or_else(|| YamlError {
                        pos: pos(&key_span),
                        message: "a mapping key must be a plain value".into(),
                    })?;
                    let (event, span) = self.next()?;
                    let value = self.node(event, span)?;
                    if key == "<<" {
                        merge(&mut entries, &mut keys, &mut merged, value);
                        continue;
                    }
                    if merged.remove(&key) {
                        if let Some(entry) = keys.get(&key).and_then(|at| entries.get_mut(*at)) {
                            entry.1 = value;
                        }
                        continue;
                    }
                    if keys.contains_key(&key) {
                        return Err(YamlError {
                            pos: pos(&key_span),
                            message: "duplicated mapping key".into(),
                        });
                    }
                    keys.insert(key.clone(), entries.len());
                    entries.push((key, value));
                }
                self.depth -= 1;
                (Node::new(Value::Object(entries), at), anchor)
            }
            other => return Err(unexpected(&other, &span)),
        };
        if anchor > 0 {
            // Keeping the anchored value is a copy too: nested anchors would otherwise multiply it.
            let size = values_in(&node);
            self.copied(size, &span)?;
            self.anchors
                .insert(anchor, (node.clone(), size, depth_of(&node)));
        }
        Ok(node)
    }

    /// Counts `size` values copied, refusing more than [`MAX_ALIASED_VALUES`] in all.
    fn copied(&mut self, size: usize, span: &Span) -> Result<(), YamlError> {
        self.aliased += size;
        if self.aliased > MAX_ALIASED_VALUES {
            return Err(YamlError {
                pos: pos(span),
                message: format!(
                    "aliases copy more than {MAX_ALIASED_VALUES} values; write the values out instead"
                ),
            });
        }
        Ok(())
    }

    /// Opens a collection, refusing one nested deeper than [`MAX_DEPTH`].
    fn enter(&mut self, span: &Span) -> Result<(), YamlError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(too_deep(span));
        }
        Ok(())
    }
}

fn too_deep(span: &Span) -> YamlError {
    YamlError {
        pos: pos(span),
        message: format!("collections nest more than {MAX_DEPTH} levels deep"),
    }
}

/// How many levels of collections a node holds (a scalar: none).
fn depth_of(node: &Node) -> usize {
    match &node.value {
        Value::Array(items) => 1 + items.iter().map(depth_of).max().unwrap_or(0),
        Value::Object(entries) => 1 + entries.iter().map(|(_, v)| depth_of(v)).max().unwrap_or(0),
        _ => 0,
    }
}

/// How many values a node holds, itself included.
fn values_in(node: &Node) -> usize {
    1 + match &node.value {
        Value::Array(items) => items.iter().map(values_in).sum(),
        Value::Object(entries) => entries.iter().map(|(_, v)| values_in(v)).sum(),
        _ => 0,
    }
}

/// `<<: *base` copies keys that the mapping does not set itself (before or after the merge).
fn merge(
    entries: &mut Vec<(String, Node)>,
    keys: &mut HashMap<String, usize>,
    merged: &mut HashSet<String>,
    value: Node,
) {
    let sources = match value.value {
        Value::Array(items) => items,
        other => vec![Node::new(other, value.pos)],
    };
    for source in sources {
        if let Value::Object(pairs) = source.value {
            for (k, v) in pairs {
                if !keys.contains_key(&k) {
                    keys.insert(k.clone(), entries.len());
                    merged.insert(k.clone());
                    entries.push((k, v));
                }
            }
        }
    }
}

fn key_string(node: &Node) -> Option<String> {
    match &node.value {
        Value::String(s) | Value::Date(s) => Some(s.clone()),
        Value::Null => Some("null".into()),
        Value::Bool(b) => Some(b.to_string()),
        Value::Number(n) => Some(crate::value::format_number(*n)),
        Value::Array(_) | Value::Object(_) => None,
    }
}

fn pos(span: &Span) -> Pos {
    Pos {
        line: span.start.line(),
        column: span.start.col() + 1,
    }
}

fn unexpected(event: &Event<'_>, span: &Span) -> YamlError {
    YamlError {
        pos: pos(span),
        message: format!("unexpected YAML event {event:?}"),
    }
}

fn resolve_scalar(
    text: &str,
    style: ScalarStyle,
    tag: Option<&str>,
    at: Pos,
) -> Result<Value, YamlError> {
    let bad = |what: &str| YamlError {
        pos: at,
        message: format!("cannot resolve a node with !<{what}> explicit tag"),
    };
    match tag {
        Some("!!str") | Some("tag:yaml.org,2002:str") => {
            return Ok(Value::String(text.to_string()));
        }
        Some("!!null") => return resolve_null(text).ok_or_else(|| bad("null")),
        Some("!!bool") => return resolve_bool(text).ok_or_else(|| bad("bool")),
        Some("!!int") => {
            return resolve_int(text)
                .map(Value::Number)
                .ok_or_else(|| bad("int"));
        }
        Some("!!float") => {
            return resolve_int(text)
                .or_else(|| resolve_float(text))
                .map(Value::Number)
                .ok_or_else(|| bad("float"));
        }
        Some("!!timestamp") => {
            return timestamp::to_iso(text)
                .map(Value::Date)
                .ok_or_else(|| bad("timestamp"));
        }
        Some(other) if other != "!" => {
            return Err(YamlError {
                pos: at,
                message: format!("unknown tag !<{other}>"),
            });
        }
        _ => {}
    }
    if style != ScalarStyle::Plain || tag == Some("!") {
        return Ok(Value::String(text.to_string()));
    }
    Ok(resolve_null(text)
        .or_else(|| resolve_bool(text))
        .or_else(|| resolve_int(text).map(Value::Number))
        .or_else(|| resolve_float(text).map(Value::Number))
        .or_else(|| timestamp::to_iso(text).map(Value::Date))
        .unwrap_or_else(|| Value::String(text.to_string())))
}

fn resolve_null(text: &str) -> Option<Value> {
    matches!(text, "" | "~" | "null" | "Null" | "NULL").then_some(Value::Null)
}

fn resolve_bool(text: &str) -> Option<Value> {
    match text {
        "true" | "True" | "TRUE" => Some(Value::Bool(true)),
        "false" | "False" | "FALSE" => Some(Value::Bool(false)),
        _ => None,
    }
}

/// js-yaml's integer forms: decimal, `0b`, `0o`, `0x`, with an optional sign (js-yaml 4.3 reads
/// `1_000` as text); a value too large for a number is not one.
fn resolve_int(text: &str) -> Option<f64> {
    let (negative, body) = match text.as_bytes().first()? {
        b'-' => (true, &text[1..]),
        b'+' => (false, &text[1..]),
        _ => (false, text),
    };
    let (radix, digits) = if let Some(rest) = body.strip_prefix("0b") {
        (2, rest)
    } else if let Some(rest) = body.strip_prefix("0x") {
        (16, rest)
    } else if let Some(rest) = body.strip_prefix("0o") {
        (8, rest)
    } else {
        (10, body)
    };
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    let value = if radix == 10 {
        digits.parse::<f64>().ok()?
    } else {
        digits
            .chars()
            .filter_map(|c| c.to_digit(radix))
            .fold(0f64, |value, d| value * f64::from(radix) + f64::from(d))
    };
    value
        .is_finite()
        .then_some(if negative { -value } else { value })
}

/// js-yaml's float forms; one too large for a number (`1e400`) is not one.
fn resolve_float(text: &str) -> Option<f64> {
    static PATTERN: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"^(?:[-+]?[0-9]+(?:\.[0-9]*)?(?:[eE][-+]?[0-9]+)?|\.[0-9]+(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$",
        )
        .expect("the float pattern is valid")
    });
    if !PATTERN.is_match(text) {
        return None;
    }
    match text.to_ascii_lowercase().as_str() {
        ".inf" | "+.inf" => Some(f64::INFINITY),
        "-.inf" => Some(f64::NEG_INFINITY),
        ".nan" => Some(f64::NAN),
        other => other.parse().ok().filter(|n: &f64| n.is_finite()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(text: &str) -> Value {
        parse(text).expect("valid YAML").value
    }

    fn field(text: &str) -> Value {
        parse(text)
            .expect("valid YAML")
            .get("a")
            .expect("key a")
            .value
            .clone()
    }

    #[test]
    fn plain_scalars_resolve_as_js_yaml_does() {
        assert_eq!(
            field("a: 2024-06-26"),
            Value::Date("2024-06-26T00:00:00.000Z".into())
        );
        assert_eq!(field("a: '2024-06-26'"), Value::String("2024-06-26".into()));
        assert_eq!(field("a: 0x1F"), Value::Number(31.0));
        assert_eq!(field("a: 1_000"), Value::String("1_000".into()));
        assert_eq!(field("a: 1e400"), Value::String("1e400".into()));
        assert_eq!(field("a: 1.5"), Value::Number(1.5));
        assert_eq!(field("a: yes"), Value::String("yes".into()));
        assert_eq!(field("a: True"), Value::Bool(true));
        assert_eq!(field("a: ~"), Value::Null);
        assert_eq!(field("a:"), Value::Null);
        assert_eq!(field("a: 1e3"), Value::Number(1000.0));
        assert_eq!(field("a: !!str 12"), Value::String("12".into()));
        assert_eq!(
            field("a: 2024-06-26T18:30:00.000Z"),
            Value::Date("2024-06-26T18:30:00.000Z".into())
        );
    }

    #[test]
    fn block_scalars_and_folding_read_back() {
        assert_eq!(
            field("a: |-\n  line1\n  line2\n"),
            Value::String("line1\nline2".into())
        );
        assert_eq!(
            field("a: >-\n  one\n  two\n"),
            Value::String("one two".into())
        );
    }

    #[test]
    fn keeps_key_order_and_positions() {
        let node = parse("b: 1\na:\n  - x\n").expect("valid");
        let Value::Object(entries) = &node.value else {
            panic!("object expected")
        };
        assert_eq!(
            entries.iter().map(|(k, _)| k.as_str()).collect::<Vec<_>>(),
            ["b", "a"]
        );
        assert_eq!(
            node.get("a").and_then(|n| n.pos),
            Some(Pos { line: 3, column: 3 })
        );
    }

    #[test]
    fn errors_name_line_and_column() {
        let err = parse("a: 1\na: 2\n").expect_err("duplicate key");
        assert_eq!(err.to_string(), "2:1: duplicated mapping key");
        let err = parse("a: [1, 2\n").expect_err("unclosed");
        assert_eq!(err.pos.line, 2);
        assert!(parse("a: 1\n---\nb: 2\n").is_err());
    }

    #[test]
    fn empty_document_is_null_and_anchors_resolve() {
        assert_eq!(value(""), Value::Null);
        let node = parse("base: &b\n  x: 1\nother: *b\n").expect("valid");
        let value_of = |key: &str| node.get(key).map(|n| n.value.clone());
        assert_eq!(value_of("other"), value_of("base"));
    }
}
