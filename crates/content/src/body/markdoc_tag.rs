//! What is written between Markdoc's `{%` and `%}`: a tag opening or closing, an annotation, a
//! variable, or a syntax error worded as Markdoc 0.4's generated (PEG.js) parser words it
//! (`Expected "=" but "x" found.`). Follows the grammar rule by rule, including which expectations
//! each rule records at the furthest place it reached, so that the message is the same.

/// A tag's content, read.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum TagSyntax {
    /// `{% $name %}` or `{% fn() %}`: a value that the text shows.
    Variable,
    /// `{% #id .class key=value %}`: attributes for the node the tag is in.
    Annotation(Vec<Attribute>),
    Open {
        name: String,
        attributes: Vec<Attribute>,
        /// `{% name /%}`.
        self_closing: bool,
    },
    Close {
        name: String,
    },
    /// Not Markdoc: the parser's message.
    Error(String),
}

/// One attribute (`key=value`, `#id`) or class (`.name`).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Attribute {
    pub name: String,
    pub is_class: bool,
    /// A `key=value` attribute's value as written (`["content"]`).
    pub value: Option<String>,
}

/// Reads a tag's content (already trimmed, as Markdoc trims it).
pub(crate) fn parse_tag(content: &str) -> TagSyntax {
    let mut parser = Parser {
        input: content.chars().collect(),
        pos: 0,
        silent: 0,
        fail_pos: 0,
        expected: Vec::new(),
    };
    let result = parser.top();
    match result {
        Some(syntax) if parser.pos == parser.input.len() => syntax,
        found => {
            if found.is_some() {
                parser.expect("end of input");
            }
            TagSyntax::Error(parser.message())
        }
    }
}

struct Parser {
    input: Vec<char>,
    pos: usize,
    silent: u32,
    fail_pos: usize,
    expected: Vec<&'static str>,
}

const IDENTIFIER: fn(char) -> bool = |c| c.is_ascii_alphanumeric() || c == '_' || c == '-';

impl Parser {
    fn peek(&self) -> Option<char> {
        self.input.get(self.pos).copied()
    }

    /// Records what could have come at the current place (PEG.js records before it tries).
    fn expect(&mut self, description: &'static str) {
        if self.silent > 0 || self.pos < self.fail_pos {
            return;
        }
        if self.pos > self.fail_pos {
            self.fail_pos = self.pos;
            self.expected.clear();
        }
        self.expected.push(description);
    }

    fn literal(&mut self, description: &'static str, c: char) -> bool {
        self.expect(description);
        self.eat(c)
    }

    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn eat_word(&mut self, word: &str) -> bool {
        let end = self.pos + word.chars().count();
        let matches = self
            .input
            .get(self.pos..end)
            .is_some_and(|found| found.iter().copied().eq(word.chars()));
        if matches {
            self.pos = end;
        }
        matches
    }

    /// A rule with a name: it records its name where it starts, and nothing from inside.
    fn named<T>(
        &mut self,
        name: &'static str,
        rule: impl FnOnce(&mut Parser) -> Option<T>,
    ) -> Option<T> {
        self.expect(name);
        self.silent += 1;
        let start = self.pos;
        let result = rule(self);
        if result.is_none() {
            self.pos = start;
        }
        self.silent -= 1;
        result
    }

    /// A sequence that puts the place back when it fails.
    fn attempt<T>(&mut self, rule: impl FnOnce(&mut Parser) -> Option<T>) -> Option<T> {
        let start = self.pos;
        let result = rule(self);
        if result.is_none() {
            self.pos = start;
        }
        result
    }

    fn message(&self) -> String {
        let mut descriptions = self.expected.clone();
        descriptions.sort_unstable();
        descriptions.dedup();
        let expected = match descriptions.as_slice() {
            [] => String::new(),
            [one] => (*one).to_string(),
            [first, second] => format!("{first} or {second}"),
            [rest @ .., last] => format!("{}, or {last}", rest.join(", ")),
        };
        let found = match self.input.get(self.fail_pos) {
            Some(c) => format!("\"{}\"", escape(*c)),
            None => "end of input".to_string(),
        };
        format!("Expected {expected} but {found} found.")
    }

    fn top(&mut self) -> Option<TagSyntax> {
        if let Some(value) = self.top_level_value() {
            return Some(value);
        }
        if let Some(attributes) = self.annotation() {
            return Some(TagSyntax::Annotation(attributes));
        }
        if let Some(open) = self.tag_open() {
            return Some(open);
        }
        self.tag_close()
    }

    fn top_level_value(&mut self) -> Option<TagSyntax> {
        if self.variable().is_some() || self.function().is_some() {
            return Some(TagSyntax::Variable);
        }
        None
    }

    fn annotation(&mut self) -> Option<Vec<Attribute>> {
        let attributes = self.tag_attributes()?;
        self.spaces();
        Some(attributes)
    }

    fn tag_open(&mut self) -> Option<TagSyntax> {
        self.attempt(|p| {
            let name = p.tag_name()?;
            p.spaces();
            let primary = p.attempt(|p| {
                p.value()?;
                p.whitespace();
                Some(())
            });
            let mut attributes = p.tag_attributes().unwrap_or_default();
            if primary.is_some() {
                attributes.insert(
                    0,
                    Attribute {
                        name: "primary".into(),
                        is_class: false,
                        value: None,
                    },
                );
            }
            p.spaces();
            let self_closing = p.literal("\"/\"", '/');
            Some(TagSyntax::Open {
                name,
                attributes,
                self_closing,
            })
        })
    }

    fn tag_close(&mut self) -> Option<TagSyntax> {
        self.attempt(|p| {
            if !p.literal("\"/\"", '/') {
                return None;
            }
            let name = p.tag_name()?;
            Some(TagSyntax::Close { name })
        })
    }

    fn tag_name(&mut self) -> Option<String> {
        self.named("tag name", Parser::identifier)
    }

    fn tag_attributes(&mut self) -> Option<Vec<Attribute>> {
        self.attempt(|p| {
            let mut attributes = vec![p.tag_attributes_item()?];
            while let Some(item) = p.attempt(|p| {
                if !p.whitespace() {
                    return None;
                }
                p.spaces();
                p.tag_attributes_item()
            }) {
                attributes.push(item);
            }
            Some(attributes)
        })
    }

    fn tag_attributes_item(&mut self) -> Option<Attribute> {
        let id = self.named("id", |p| {
            p.eat('#').then_some(())?;
            p.identifier()
        });
        if id.is_some() {
            return Some(Attribute {
                name: "id".into(),
                is_class: false,
                value: None,
            });
        }
        let class = self.named("class", |p| {
            p.eat('.').then_some(())?;
            p.identifier()
        });
        if let Some(name) = class {
            return Some(Attribute {
                name,
                is_class: true,
                value: None,
            });
        }
        self.attempt(|p| {
            let name = p.identifier()?;
            if !p.literal("\"=\"", '=') {
                return None;
            }
            let start = p.pos;
            p.value()?;
            Some(Attribute {
                name,
                is_class: false,
                value: Some(p.input[start..p.pos].iter().collect()),
            })
        })
    }

    fn function(&mut self) -> Option<()> {
        self.attempt(|p| {
            p.identifier()?;
            if !p.literal("\"(\"", '(') {
                return None;
            }
            p.spaces();
            p.function_parameter();
            while p
                .attempt(|p| {
                    p.spaces();
                    if !p.literal("\",\"", ',') {
                        return None;
                    }
                    p.spaces();
                    p.function_parameter()
                })
                .is_some()
            {}
            p.literal("\")\"", ')').then_some(())
        })
    }

    fn function_parameter(&mut self) -> Option<()> {
        self.attempt(|p| {
            p.attempt(|p| {
                p.identifier()?;
                p.literal("\"=\"", '=').then_some(())
            });
            p.value()
        })
    }

    fn trailing_comma(&mut self) {
        self.attempt(|p| {
            p.spaces();
            p.literal("\",\"", ',').then_some(())
        });
    }

    fn variable(&mut self) -> Option<()> {
        self.named("variable", |p| {
            if !(p.eat('$') || p.eat('@')) {
                return None;
            }
            p.identifier()?;
            while p.variable_tail().is_some() {}
            Some(())
        })
    }

    fn variable_tail(&mut self) -> Option<()> {
        let dotted = self.attempt(|p| {
            p.eat('.').then_some(())?;
            p.identifier().map(|_| ())
        });
        if dotted.is_some() {
            return dotted;
        }
        self.attempt(|p| {
            p.eat('[').then_some(())?;
            if p.number().is_none() {
                p.string()?;
            }
            p.eat(']').then_some(())
        })
    }

    fn value(&mut self) -> Option<()> {
        if self
            .named("null", |p| p.eat_word("null").then_some(()))
            .is_some()
            || self
                .named("boolean", |p| {
                    (p.eat_word("true") || p.eat_word("false")).then_some(())
                })
                .is_some()
            || self.string().is_some()
            || self.number().is_some()
            || self.array().is_some()
            || self.hash().is_some()
            || self.function().is_some()
            || self.variable().is_some()
        {
            return Some(());
        }
        None
    }

    fn array(&mut self) -> Option<()> {
        self.delimited(("\"[\"", '['), ("\"]\"", ']'), Parser::value)
    }

    fn hash(&mut self) -> Option<()> {
        self.delimited(("\"{\"", '{'), ("\"}\"", '}'), Parser::hash_item)
    }

    /// `open item, item, … close`, with spaces anywhere and a trailing comma allowed.
    fn delimited(
        &mut self,
        open: (&'static str, char),
        close: (&'static str, char),
        item: fn(&mut Parser) -> Option<()>,
    ) -> Option<()> {
        self.attempt(|p| {
            if !p.literal(open.0, open.1) {
                return None;
            }
            p.spaces();
            p.attempt(|p| {
                item(p)?;
                while p
                    .attempt(|p| {
                        p.spaces();
                        if !p.literal("\",\"", ',') {
                            return None;
                        }
                        p.spaces();
                        item(p)
                    })
                    .is_some()
                {}
                p.trailing_comma();
                Some(())
            });
            p.spaces();
            p.literal(close.0, close.1).then_some(())
        })
    }

    fn hash_item(&mut self) -> Option<()> {
        self.attempt(|p| {
            if p.identifier().is_none() {
                p.string()?;
            }
            if !p.literal("\":\"", ':') {
                return None;
            }
            p.spaces();
            p.value()
        })
    }

    fn number(&mut self) -> Option<()> {
        self.named("number", |p| {
            p.eat('-');
            if !p.digits() {
                return None;
            }
            p.attempt(|p| {
                p.eat('.').then_some(())?;
                p.digits().then_some(())
            });
            Some(())
        })
    }

    fn digits(&mut self) -> bool {
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        self.pos > start
    }

    fn string(&mut self) -> Option<()> {
        self.named("string", |p| {
            p.eat('"').then_some(())?;
            loop {
                match p.peek() {
                    Some('\\') => {
                        let escaped = p.input.get(p.pos + 1).copied();
                        if !matches!(escaped, Some('"' | '\\' | 'n' | 'r' | 't')) {
                            break;
                        }
                        p.pos += 2;
                    }
                    Some(c) if c != '"' && c > '\u{1f}' => p.pos += 1,
                    _ => break,
                }
            }
            p.eat('"').then_some(())
        })
    }

    fn identifier(&mut self) -> Option<String> {
        self.named("identifier", |p| {
            let start = p.pos;
            while p.peek().is_some_and(IDENTIFIER) {
                p.pos += 1;
            }
            (p.pos > start).then(|| p.input[start..p.pos].iter().collect())
        })
    }

    /// One whitespace character (`_`).
    fn whitespace(&mut self) -> bool {
        self.named("whitespace", |p| {
            matches!(p.peek(), Some(' ' | '\n' | '\t')).then(|| p.pos += 1)
        })
        .is_some()
    }

    /// Any number of whitespace characters (`_*`).
    fn spaces(&mut self) {
        while self.whitespace() {}
    }
}

/// PEG.js's `literalEscape` of the character found.
fn escape(c: char) -> String {
    match c {
        '\\' => "\\\\".into(),
        '"' => "\\\"".into(),
        '\0' => "\\0".into(),
        '\t' => "\\t".into(),
        '\n' => "\\n".into(),
        '\r' => "\\r".into(),
        c if (c as u32) < 0x10 => format!("\\x0{:X}", c as u32),
        c if (c as u32) < 0x20 || (0x7f..=0x9f).contains(&(c as u32)) => {
            format!("\\x{:X}", c as u32)
        }
        c => c.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `attributes`: names and values as written.
    fn open(name: &str, attributes: &[(&str, &str)], self_closing: bool) -> TagSyntax {
        TagSyntax::Open {
            name: name.into(),
            attributes: attributes
                .iter()
                .map(|(a, value)| Attribute {
                    name: (*a).into(),
                    is_class: false,
                    value: Some((*value).into()),
                })
                .collect(),
            self_closing,
        }
    }

    #[test]
    fn reads_openings_closings_and_annotations() {
        assert_eq!(parse_tag("callout"), open("callout", &[], false));
        assert_eq!(
            parse_tag("embed mediaType=\"video\" n=3 arr=[\"a\", \"b\"] obj={k: \"v\"} /"),
            open(
                "embed",
                &[
                    ("mediaType", "\"video\""),
                    ("n", "3"),
                    ("arr", "[\"a\", \"b\"]"),
                    ("obj", "{k: \"v\"}")
                ],
                true
            )
        );
        assert_eq!(
            parse_tag("if $x"),
            TagSyntax::Open {
                name: "if".into(),
                attributes: vec![Attribute {
                    name: "primary".into(),
                    is_class: false,
                    value: None,
                }],
                self_closing: false,
            }
        );
        assert_eq!(
            parse_tag("/callout"),
            TagSyntax::Close {
                name: "callout".into()
            }
        );
        assert_eq!(
            parse_tag("#intro .wide"),
            TagSyntax::Annotation(vec![
                Attribute {
                    name: "id".into(),
                    is_class: false,
                    value: None,
                },
                Attribute {
                    name: "wide".into(),
                    is_class: true,
                    value: None,
                },
            ])
        );
        assert_eq!(parse_tag("$page.title"), TagSyntax::Variable);
    }

    #[test]
    fn errors_are_worded_as_markdoc_words_them() {
        assert_eq!(
            parse_tag("foo a="),
            TagSyntax::Error(
                "Expected \"[\", \"{\", boolean, identifier, null, number, string, or variable but end of input found."
                    .into()
            )
        );
        assert_eq!(
            parse_tag("foo bar"),
            TagSyntax::Error("Expected \"(\" or \"=\" but end of input found.".into())
        );
    }
}
