//! An MDX body as the admin reads it: parsed to mdast with the constructs Keystatic's mdx field uses
//! (MDX, GFM autolink literals, strikethrough, tables), then the admin's reader over the tree
//! (`web/src/editor/mdx/parse.ts`): ESM and `{expressions}` are `Unhandled type`; an unknown JSX
//! element is kept as written, with a notice, in text as in a block.

use markdown::mdast::{AttributeContent, AttributeValue, Node as Md};
use markdown::{Constructs, ParseOptions};

use super::field::{BodyProblem, ContentField, kept_inline, notice, refused, unknown_prop};
use super::options::EditorFeatures;
use crate::config::ComponentKind;

pub(super) fn check(field: ContentField<'_>, text: &str) -> Vec<BodyProblem> {
    let options = ParseOptions {
        constructs: Constructs {
            gfm_autolink_literal: true,
            gfm_strikethrough: true,
            gfm_table: true,
            ..Constructs::mdx()
        },
        // ESM is taken whole: the admin refuses it whatever it says.
        mdx_esm_parse: Some(Box::new(|_: &str| markdown::MdxSignal::Ok)),
        ..ParseOptions::mdx()
    };
    let tree = match markdown::to_mdast(text, &options) {
        Ok(tree) => tree,
        Err(message) => {
            let line = message.place.as_deref().map(|place| match place {
                markdown::message::Place::Point(point) => point.line,
                markdown::message::Place::Position(position) => position.start.line,
            });
            return vec![refused(line, micromark_words(&message.reason, text))];
        }
    };
    let mut reader = Reader {
        field,
        options: EditorFeatures::read(field.options, field.kind),
        problems: Vec::new(),
    };
    reader.node(&tree);
    reader.problems
}

/// markdown-rs words two JSX errors a little differently from micromark: it names where the open
/// tag starts (`(1:7)`) where micromark names its whole span (`(1:7-1:12)`), and the construct it
/// ends in by its Rust name (`Paragraph`, not `paragraph`).
fn micromark_words(reason: &str, text: &str) -> String {
    static PLACE: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(for `<[^`]*>`) \((\d+):(\d+)\)(?: before the end of `(\w+)`)?")
            .expect("the pattern is valid")
    });
    PLACE
        .replace(reason, |found: &regex::Captures<'_>| {
            let line: usize = found[2].parse().unwrap_or(0);
            let column: usize = found[3].parse().unwrap_or(0);
            let span = match tag_end(text, line, column) {
                Some((end_line, end_column)) => format!("{line}:{column}-{end_line}:{end_column}"),
                None => format!("{line}:{column}"),
            };
            let construct = found.get(4).map_or(String::new(), |name| {
                let name = name.as_str();
                let mut chars = name.chars();
                let first = chars.next().map(|c| c.to_ascii_lowercase()).into_iter();
                format!(
                    " before the end of `{}`",
                    first.chain(chars).collect::<String>()
                )
            });
            format!("{} ({span}){construct}", &found[1])
        })
        .into_owned()
}

/// Where the JSX tag starting at `line:column` ends (just after its `>`), skipping quoted values
/// and `{expressions}`.
fn tag_end(text: &str, line: usize, column: usize) -> Option<(usize, usize)> {
    let line_start: usize = text
        .split('\n')
        .take(line.checked_sub(1)?)
        .map(|l| l.len() + 1)
        .sum();
    let chars: Vec<char> = text.get(line_start..)?.chars().collect();
    let (mut quote, mut depth) = (None, 0usize);
    let mut i = column.checked_sub(1)?;
    while let Some(&c) = chars.get(i) {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') => quote = Some(c),
            (None, '{') => depth += 1,
            (None, '}') => depth = depth.saturating_sub(1),
            (None, '>') if depth == 0 => {
                let before = &chars[..=i];
                let breaks = before.iter().filter(|c| **c == '\n').count();
                let after_break = before.iter().rposition(|c| *c == '\n');
                let end_column = match after_break {
                    Some(at) => i - at + 1,
                    None => i + 2,
                };
                return Some((line + breaks, end_column));
            }
            _ => {}
        }
        i += 1;
    }
    None
}

struct Reader<'a> {
    field: ContentField<'a>,
    options: EditorFeatures,
    problems: Vec<BodyProblem>,
}

/// mdast's name of a node type, as the admin's messages name it.
fn type_name(node: &Md) -> &'static str {
    match node {
        Md::Root(_) => "root",
        Md::Blockquote(_) => "blockquote",
        Md::FootnoteDefinition(_) => "footnoteDefinition",
        Md::MdxJsxFlowElement(_) => "mdxJsxFlowElement",
        Md::List(_) => "list",
        Md::MdxjsEsm(_) => "mdxjsEsm",
        Md::Toml(_) => "toml",
        Md::Yaml(_) => "yaml",
        Md::Break(_) => "break",
        Md::InlineCode(_) => "inlineCode",
        Md::InlineMath(_) => "inlineMath",
        Md::Delete(_) => "delete",
        Md::Emphasis(_) => "emphasis",
        Md::MdxTextExpression(_) => "mdxTextExpression",
        Md::FootnoteReference(_) => "footnoteReference",
        Md::Html(_) => "html",
        Md::Image(_) => "image",
        Md::ImageReference(_) => "imageReference",
        Md::MdxJsxTextElement(_) => "mdxJsxTextElement",
        Md::Link(_) => "link",
        Md::LinkReference(_) => "linkReference",
        Md::Strong(_) => "strong",
        Md::Text(_) => "text",
        Md::Code(_) => "code",
        Md::Math(_) => "math",
        Md::MdxFlowExpression(_) => "mdxFlowExpression",
        Md::Heading(_) => "heading",
        Md::Table(_) => "table",
        Md::ThematicBreak(_) => "thematicBreak",
        Md::TableRow(_) => "tableRow",
        Md::TableCell(_) => "tableCell",
        Md::ListItem(_) => "listItem",
        Md::Definition(_) => "definition",
        Md::Paragraph(_) => "paragraph",
    }
}

fn line(node: &Md) -> Option<usize> {
    node.position().map(|position| position.start.line)
}

impl Reader<'_> {
    fn problem(&mut self, node: &Md, message: String) {
        self.problems.push(refused(line(node), message));
    }

    fn children(&mut self, node: &Md) {
        for child in node.children().into_iter().flatten() {
            self.node(child);
        }
    }

    fn allowed(&mut self, node: &Md, allowed: bool) {
        if !allowed {
            self.problem(node, format!("{} is not allowed", type_name(node)));
        }
        self.children(node);
    }

    fn node(&mut self, node: &Md) {
        let options = &self.options;
        match node {
            Md::Root(_) | Md::Paragraph(_) => self.children(node),
            Md::Heading(heading) => {
                let allowed = options.heading.contains(&heading.depth);
                self.allowed(node, allowed);
            }
            Md::Blockquote(_) => self.allowed(node, options.blockquote),
            Md::ThematicBreak(_) => self.allowed(node, options.divider),
            Md::Code(_) => {
                if !options.code_block {
                    self.allowed(node, false);
                }
            }
            Md::List(list) => {
                let allowed = if list.ordered {
                    options.ordered_list
                } else {
                    options.unordered_list
                };
                self.allowed(node, allowed);
            }
            Md::ListItem(_) => self.allowed(node, options.lists()),
            Md::Table(table) => {
                if options.table {
                    // Cells are read directly: a table always has its header row.
                    for row in &table.children {
                        for cell in row.children().into_iter().flatten() {
                            self.children(cell);
                        }
                    }
                } else {
                    self.allowed(node, false);
                }
            }
            Md::Text(_)
            | Md::Break(_)
            | Md::Image(_)
            | Md::ImageReference(_)
            | Md::Definition(_) => {}
            Md::InlineCode(_) => {
                if !options.code {
                    self.allowed(node, false);
                }
            }
            Md::Emphasis(_) => self.allowed(node, options.italic),
            Md::Strong(_) => self.allowed(node, options.bold),
            Md::Delete(_) => self.allowed(node, options.strikethrough),
            Md::Link(_) | Md::LinkReference(_) => self.allowed(node, options.link),
            Md::MdxJsxFlowElement(element) => {
                self.element(node, element.name.as_deref(), &element.attributes, true)
            }
            Md::MdxJsxTextElement(element) => {
                self.element(node, element.name.as_deref(), &element.attributes, false)
            }
            other => self.problem(other, format!("Unhandled type {}", type_name(other))),
        }
    }

    fn element(
        &mut self,
        node: &Md,
        name: Option<&str>,
        attributes: &[AttributeContent],
        flow: bool,
    ) {
        let Some(name) = name else {
            return self.allowed(node, false);
        };
        let Some(component) = self.field.component(name) else {
            let kept = if flow { notice } else { kept_inline };
            self.problems.push(kept(line(node), name));
            return;
        };
        let mut names = Vec::new();
        for attribute in attributes {
            match attribute {
                AttributeContent::Property(property) => {
                    let literal = match &property.value {
                        Some(AttributeValue::Expression(expression)) => {
                            is_literal(&expression.value)
                        }
                        _ => true,
                    };
                    if !literal {
                        self.problem(
                            node,
                            format!("{} has unexpected attributes", type_name(node)),
                        );
                    }
                    names.push(property.name.as_str());
                }
                AttributeContent::Expression(_) => {
                    self.problem(
                        node,
                        format!("{} has unexpected attributes", type_name(node)),
                    );
                }
            }
        }
        if let Some(message) = unknown_prop(component, names.into_iter()) {
            return self.problem(node, format!("{name}: {message}"));
        }
        if component.kind == ComponentKind::Mark && flow {
            return self.allowed(node, false);
        }
        self.children(node);
    }
}

/// Whether an attribute's `{expression}` is data the admin reads as a prop: a literal (string,
/// number, boolean, null, a negative number), or an array or object of them.
fn is_literal(expression: &str) -> bool {
    let mut literal = Literal {
        chars: expression.chars().collect(),
        pos: 0,
    };
    literal.space();
    let ok = literal.value();
    literal.space();
    ok && literal.pos == literal.chars.len()
}

struct Literal {
    chars: Vec<char>,
    pos: usize,
}

impl Literal {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn eat(&mut self, c: char) -> bool {
        let found = self.peek() == Some(c);
        if found {
            self.pos += 1;
        }
        found
    }

    fn space(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.pos += 1;
        }
    }

    fn value(&mut self) -> bool {
        self.space();
        match self.peek() {
            Some('"' | '\'') => self.string(),
            Some('[') => self.list('[', ']', Literal::value),
            Some('{') => self.list('{', '}', Literal::property),
            Some('-') => {
                self.pos += 1;
                self.space();
                self.number()
            }
            Some(c) if c.is_ascii_digit() || c == '.' => self.number(),
            Some(_) => {
                let word = self.word();
                matches!(word.as_str(), "true" | "false" | "null")
            }
            None => false,
        }
    }

    fn word(&mut self) -> String {
        let start = self.pos;
        while self
            .peek()
            .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$')
        {
            self.pos += 1;
        }
        self.chars[start..self.pos].iter().collect()
    }

    fn number(&mut self) -> bool {
        let start = self.pos;
        while self
            .peek()
            .is_some_and(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '+' | '-'))
        {
            // Signs only after an exponent.
            if matches!(self.peek(), Some('+' | '-'))
                && !matches!(self.chars.get(self.pos.wrapping_sub(1)), Some('e' | 'E'))
            {
                break;
            }
            self.pos += 1;
        }
        let text: String = self.chars[start..self.pos]
            .iter()
            .filter(|c| **c != '_')
            .collect();
        !text.is_empty() && (text.parse::<f64>().is_ok() || is_radix_integer(&text))
    }

    fn string(&mut self) -> bool {
        let Some(quote) = self.peek() else {
            return false;
        };
        self.pos += 1;
        while let Some(c) = self.peek() {
            self.pos += 1;
            match c {
                '\\' => self.pos += 1,
                '\n' => return false,
                c if c == quote => return true,
                _ => {}
            }
        }
        false
    }

    fn property(&mut self) -> bool {
        self.space();
        let key = match self.peek() {
            Some('"' | '\'') => self.string(),
            _ => !self.word().is_empty(),
        };
        self.space();
        key && self.eat(':') && self.value()
    }

    /// `[a, b]` or `{k: v}`: items separated by commas, a trailing comma allowed.
    fn list(&mut self, open: char, close: char, item: fn(&mut Literal) -> bool) -> bool {
        self.eat(open);
        loop {
            self.space();
            if self.eat(close) {
                return true;
            }
            if !item(self) {
                return false;
            }
            self.space();
            if self.eat(close) {
                return true;
            }
            if !self.eat(',') {
                return false;
            }
        }
    }
}

fn is_radix_integer(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    let (digits, radix) = if let Some(rest) = lower.strip_prefix("0x") {
        (rest, 16)
    } else if let Some(rest) = lower.strip_prefix("0o") {
        (rest, 8)
    } else if let Some(rest) = lower.strip_prefix("0b") {
        (rest, 2)
    } else {
        return false;
    };
    !digits.is_empty() && digits.chars().all(|c| c.is_digit(radix))
}

#[cfg(test)]
mod tests {
    use super::is_literal;

    #[test]
    fn props_are_data_not_code() {
        for literal in [
            "3",
            "-1.5",
            "'a'",
            "\"b\"",
            "true",
            "null",
            "[1, \"a\", [2]]",
            "{a: 1, 'b': [true],}",
            "0x1F",
        ] {
            assert!(is_literal(literal), "{literal}");
        }
        for code in ["x", "a + 1", "f()", "`t`", "[...a]", "{[k]: 1}", "1 2"] {
            assert!(!is_literal(code), "{code}");
        }
    }
}
