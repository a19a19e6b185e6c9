//! YAML syntax errors worded as the admin words them: js-yaml 4's sentence, at the line and column
//! js-yaml names, for the mistakes people make by hand. saphyr-parser finds the same mistakes but
//! words them (and sometimes places them) its own way; anything not recognised here keeps saphyr's
//! words and place.

use crate::value::Pos;

const BAD_MAPPING: &str = "bad indentation of a mapping entry";
const BAD_SEQUENCE: &str = "bad indentation of a sequence entry";
const END_EXPECTED: &str = "end of the stream or a document separator is expected";
const TAB_INDENT: &str = "tab characters must not be used in indentation";
const MULTILINE_KEY: &str =
    "can not read a block mapping entry; a multiline key may not be an implicit key";

/// js-yaml's message and place for a saphyr error `info` at `at` (1-based), `index` chars into `text`.
pub(crate) fn reword(text: &str, at: Pos, index: usize, info: &str) -> (Pos, String) {
    let source = Source::new(text);
    let worded = |pos: Pos, message: &str| Some((pos, message.to_string()));
    let found = match info {
        "mapping values are not allowed in this context"
        | "while parsing a block mapping, did not find expected key"
        | "invalid trailing content after double-quoted scalar"
        | "misplaced bracket" => worded(at, BAD_MAPPING),
        "while parsing a block collection, did not find expected '-' indicator" => worded(
            at,
            if at.column == 1 {
                END_EXPECTED
            } else {
                BAD_MAPPING
            },
        ),
        "tabs disallowed within this context (block indentation)"
        | "while scanning a plain scalar, found a tab"
        | "tab cannot be used as indentation" => source
            .first_indenting_tab(at.line)
            .and_then(|pos| worded(pos, TAB_INDENT)),
        "while scanning a quoted scalar, found unexpected end of stream" => {
            source.quote_kind(index).map(|kind| {
                (
                    source.end(),
                    format!("unexpected end of the stream within a {kind} quoted scalar"),
                )
            })
        }
        // js-yaml does not check a quoted scalar's indentation; it only stops at the end of the text.
        "invalid indentation in quoted scalar" => source
            .quote_kind(index)
            .filter(|_| !source.quote_closes(index))
            .map(|kind| {
                (
                    source.end(),
                    format!("unexpected end of the stream within a {kind} quoted scalar"),
                )
            }),
        "while scanning a quoted scalar, found unexpected document indicator" => source
            .quote_kind(index)
            .zip(source.document_marker_after(at.line))
            .map(|(kind, pos)| {
                (
                    pos,
                    format!("unexpected end of the document within a {kind} quoted scalar"),
                )
            }),
        "while parsing a flow sequence, expected ',' or ']'"
        | "while parsing a flow mapping, did not find expected ',' or '}'" => {
            if source.at_end(index) {
                worded(
                    source.end(),
                    "unexpected end of the stream within a flow collection",
                )
            } else {
                worded(at, "missed comma between flow collection entries")
            }
        }
        "while scanning a block scalar, did not find expected comment or line break" => source
            .after_block_indicator(index)
            .and_then(|pos| worded(pos, "a line break is expected")),
        "simple key expect ':'" | "simple key expected" => {
            worded(source.colon_on_line(at.line).unwrap_or(at), MULTILINE_KEY)
        }
        "while parsing node, found unknown anchor" => source.alias_name(index).map(|name| {
            let after = Pos {
                line: at.line,
                column: at.column + 1 + name.chars().count(),
            };
            (after, format!("unidentified alias \"{name}\""))
        }),
        "while parsing a quoted scalar, found unknown escape character" => source
            .unknown_escape(index)
            .and_then(|pos| worded(pos, "unknown escape sequence")),
        "comment intercepting the multiline text" => source
            .first_text_on_line(at.line + 1)
            .and_then(|pos| worded(pos, BAD_MAPPING)),
        other if other.starts_with("unexpected character") => source
            .entry_before(at)
            .and_then(|message| worded(at, message)),
        _ => None,
    };
    found.unwrap_or_else(|| (at, info.to_string()))
}

/// The text as characters (saphyr's marks count characters), with its lines.
struct Source<'a> {
    text: &'a str,
    chars: Vec<char>,
}

impl<'a> Source<'a> {
    fn new(text: &'a str) -> Source<'a> {
        Source {
            text,
            chars: text.chars().collect(),
        }
    }

    /// 1-based lines, as js-yaml counts them.
    fn line(&self, line: usize) -> Option<&'a str> {
        self.text.split('\n').nth(line.checked_sub(1)?)
    }

    fn pos_of(&self, index: usize) -> Pos {
        let before = &self.chars[..index.min(self.chars.len())];
        let line_start = before.iter().rposition(|c| *c == '\n').map_or(0, |i| i + 1);
        Pos {
            line: 1 + before.iter().filter(|c| **c == '\n').count(),
            column: 1 + index.min(self.chars.len()) - line_start,
        }
    }

    fn at_end(&self, index: usize) -> bool {
        self.chars
            .get(index..)
            .is_none_or(|rest| rest.iter().all(|c| c.is_whitespace()))
    }

    /// Where js-yaml stops: it reads the text with a line break added when it has none at its end.
    fn end(&self) -> Pos {
        let breaks = self.text.matches('\n').count();
        let closed = self.text.ends_with('\n') || self.text.ends_with('\r');
        Pos {
            line: 1 + breaks + usize::from(!closed),
            column: 1,
        }
    }

    fn quote_kind(&self, index: usize) -> Option<&'static str> {
        match self.chars.get(index)? {
            '"' => Some("double"),
            '\'' => Some("single"),
            _ => None,
        }
    }

    /// Whether the quoted scalar opening at `index` has its closing quote somewhere after it.
    fn quote_closes(&self, index: usize) -> bool {
        let Some(&quote) = self.chars.get(index) else {
            return false;
        };
        let mut i = index + 1;
        while let Some(&c) = self.chars.get(i) {
            match (quote, c) {
                ('"', '\\') => i += 1,
                ('\'', '\'') if self.chars.get(i + 1) == Some(&'\'') => i += 1,
                _ if c == quote => return true,
                _ => {}
            }
            i += 1;
        }
        false
    }

    /// The first tab in the indentation of line `from` or a later line.
    fn first_indenting_tab(&self, from: usize) -> Option<Pos> {
        self.text
            .split('\n')
            .enumerate()
            .skip(from.saturating_sub(1))
            .find_map(|(i, line)| {
                let indent = line.len() - line.trim_start_matches([' ', '\t']).len();
                line[..indent].find('\t').map(|tab| Pos {
                    line: i + 1,
                    column: tab + 1,
                })
            })
    }

    /// The start of the first `---` or `...` line after line `line`.
    fn document_marker_after(&self, line: usize) -> Option<Pos> {
        self.text
            .split('\n')
            .enumerate()
            .skip(line)
            .find_map(|(i, text)| {
                let marker = text.starts_with("---") || text.starts_with("...");
                let ends = text.chars().nth(3).is_none_or(|c| c.is_whitespace());
                (marker && ends).then_some(Pos {
                    line: i + 1,
                    column: 1,
                })
            })
    }

    /// The first character after a block scalar's indicators (`|+2`) and spaces: what js-yaml trips on.
    fn after_block_indicator(&self, index: usize) -> Option<Pos> {
        if !matches!(self.chars.get(index)?, '|' | '>') {
            return None;
        }
        let mut i = index + 1;
        while self
            .chars
            .get(i)
            .is_some_and(|c| matches!(c, '+' | '-' | '0'..='9'))
        {
            i += 1;
        }
        while self.chars.get(i).is_some_and(|c| matches!(c, ' ' | '\t')) {
            i += 1;
        }
        Some(self.pos_of(i))
    }

    /// The mapping indicator (`:` before a space or the end of the line) on a line, if it has one.
    fn colon_on_line(&self, line: usize) -> Option<Pos> {
        let text = self.line(line)?.trim_end_matches('\r');
        let chars: Vec<char> = text.chars().collect();
        let column = (0..chars.len()).find(|&i| {
            chars[i] == ':' && chars.get(i + 1).is_none_or(|c| matches!(c, ' ' | '\t'))
        })?;
        Some(Pos {
            line,
            column: column + 1,
        })
    }

    /// The name of the alias at `index` (`*name`).
    fn alias_name(&self, index: usize) -> Option<String> {
        if self.chars.get(index) != Some(&'*') {
            return None;
        }
        let name: String = self.chars[index + 1..]
            .iter()
            .take_while(|c| !c.is_whitespace() && !matches!(c, ',' | '[' | ']' | '{' | '}'))
            .collect();
        (!name.is_empty()).then_some(name)
    }

    /// The character after the first backslash of a double-quoted scalar that js-yaml cannot read.
    fn unknown_escape(&self, index: usize) -> Option<Pos> {
        let mut i = index + 1;
        while let Some(&c) = self.chars.get(i) {
            match c {
                '"' => return None,
                '\\' => {
                    let escaped = *self.chars.get(i + 1)?;
                    let known = matches!(
                        escaped,
                        '0' | 'a'
                            | 'b'
                            | 't'
                            | '\t'
                            | 'n'
                            | 'v'
                            | 'f'
                            | 'r'
                            | 'e'
                            | ' '
                            | '"'
                            | '/'
                            | '\\'
                            | 'N'
                            | '_'
                            | 'L'
                            | 'P'
                            | 'x'
                            | 'u'
                            | 'U'
                            | '\n'
                            | '\r'
                    );
                    if !known {
                        return Some(self.pos_of(i + 1));
                    }
                    i += 1;
                }
                _ => {}
            }
            i += 1;
        }
        None
    }

    fn first_text_on_line(&self, line: usize) -> Option<Pos> {
        let text = self.line(line)?;
        let indent = text.len() - text.trim_start_matches(' ').len();
        (indent < text.trim_end().len()).then_some(Pos {
            line,
            column: indent + 1,
        })
    }

    /// What js-yaml says of a character no node can start with, by the entry it was to be the value of.
    fn entry_before(&self, at: Pos) -> Option<&'static str> {
        if at.column == 1 {
            return Some(END_EXPECTED);
        }
        let text = self.line(at.line)?;
        let before: String = text.chars().take(at.column - 1).collect();
        let before = before.trim_end();
        if before.ends_with(':') {
            Some(BAD_MAPPING)
        } else if before.ends_with('-') && before.trim_start() == "-" {
            Some(BAD_SEQUENCE)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(line: usize, column: usize) -> Pos {
        Pos { line, column }
    }

    #[test]
    fn unknown_errors_keep_their_words_and_place() {
        assert_eq!(
            reword("a: 1\n", pos(1, 3), 2, "some other problem"),
            (pos(1, 3), "some other problem".to_string())
        );
    }

    #[test]
    fn the_end_counts_the_line_break_js_yaml_adds() {
        assert_eq!(Source::new("a: \"x").end(), pos(2, 1));
        assert_eq!(Source::new("a: \"x\n").end(), pos(2, 1));
        assert_eq!(Source::new("a: {\n\n").end(), pos(3, 1));
    }
}
