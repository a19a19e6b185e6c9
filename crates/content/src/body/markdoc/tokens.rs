//! Markdoc's tokens: markdown-it's (as Markdoc configures it) with `{% %}` tags found around them.

use markdown::mdast::Node as Md;
use markdown::{Constructs, ParseOptions};

use crate::body::markdoc_tag::{Attribute, TagSyntax, parse_tag};

/// markdown-it as Markdoc configures it.
fn parse_options() -> ParseOptions {
    ParseOptions {
        constructs: Constructs {
            code_indented: false,
            heading_setext: false,
            html_flow: false,
            html_text: false,
            frontmatter: true,
            gfm_table: true,
            gfm_strikethrough: true,
            ..Constructs::default()
        },
        gfm_strikethrough_single_tilde: false,
        ..ParseOptions::default()
    }
}

/// A tag found in the text: `start..end` covers `{%` to `%}`.
#[derive(Debug, Clone)]
struct FoundTag {
    start: usize,
    end: usize,
    syntax: TagSyntax,
}

#[derive(Debug, Clone)]
pub(super) enum Token {
    Open {
        kind: &'static str,
        line: usize,
        level: u8,
        ordered: bool,
    },
    Close {
        kind: &'static str,
    },
    Inline {
        line: usize,
        children: Vec<Token>,
    },
    Leaf {
        kind: &'static str,
        line: Option<usize>,
        attributes: Vec<Attribute>,
        errors: Vec<String>,
        children: Vec<Token>,
    },
    Tag {
        syntax: TagSyntax,
        line: Option<usize>,
    },
}

fn leaf(kind: &'static str) -> Token {
    Token::Leaf {
        kind,
        line: None,
        attributes: Vec::new(),
        errors: Vec::new(),
        children: Vec::new(),
    }
}

/// Markdoc's `findTagEnd`: the `%}` that closes a tag, skipping quoted strings.
fn tag_end(text: &str, start: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut in_string = false;
    let mut i = start;
    while i < bytes.len() {
        match (in_string, bytes[i]) {
            (true, b'"') => in_string = false,
            (true, b'\\') => i += 1,
            (false, b'"') => in_string = true,
            (false, b'%') if bytes.get(i + 1) == Some(&b'}') => return Some(i),
            _ => {}
        }
        i += 1;
    }
    None
}

/// Tags in `text[from..to]`, skipping those inside code ranges.
fn find_tags(text: &str, from: usize, to: usize, code: &[(usize, usize)]) -> Vec<FoundTag> {
    let mut tags = Vec::new();
    let mut i = from;
    let mut code = code.iter().filter(|(start, _)| *start >= from).peekable();
    while i + 1 < to {
        while code.peek().is_some_and(|(start, _)| *start < i) {
            code.next();
        }
        if let Some(&&(start, end)) = code.peek()
            && start == i
        {
            i = end.max(i + 1);
            continue;
        }
        if text.as_bytes()[i] == b'{' && text.as_bytes()[i + 1] == b'%' {
            if let Some(close) = tag_end(text, i).filter(|close| *close + 2 <= to) {
                // `{%}` has no content: Markdoc slices it as empty.
                let content = text.get(i + 2..close).unwrap_or_default().trim();
                tags.push(FoundTag {
                    start: i,
                    end: close + 2,
                    syntax: parse_tag(content),
                });
                i = close + 2;
                continue;
            }
            i += 2;
            continue;
        }
        i += 1;
    }
    tags
}

fn span(node: &Md) -> Option<(usize, usize)> {
    node.position().map(|p| (p.start.offset, p.end.offset))
}

/// Ranges of code spans and fenced code, where `{%` is text.
fn code_ranges(node: &Md, out: &mut Vec<(usize, usize)>) {
    match node {
        Md::InlineCode(_) | Md::Code(_) => out.extend(span(node)),
        _ => node
            .children()
            .into_iter()
            .flatten()
            .for_each(|child| code_ranges(child, out)),
    }
}

pub(super) struct Tokenizer<'a> {
    text: &'a str,
    tags: Vec<FoundTag>,
    /// Byte offset of each line's start.
    line_starts: Vec<usize>,
}

impl<'a> Tokenizer<'a> {
    pub(super) fn new(text: &'a str) -> Tokenizer<'a> {
        let line_starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        let mut code = Vec::new();
        if let Ok(tree) = markdown::to_mdast(text, &parse_options()) {
            code_ranges(&tree, &mut code);
        }
        code.sort_unstable();
        let tags = find_tags(text, 0, text.len(), &code);
        Tokenizer {
            text,
            tags,
            line_starts,
        }
    }

    /// 0-based line of a byte offset.
    fn line(&self, offset: usize) -> usize {
        self.line_starts
            .partition_point(|start| *start <= offset)
            .saturating_sub(1)
    }

    pub(super) fn tokens(&self) -> Vec<Token> {
        // Tags read as text to the Markdown parser, so that what is inside them is not Markdown; a
        // tag alone on its line reads as a thematic break, which ends paragraphs and the containers
        // it is not indented into, as Markdoc's block tags do.
        let mut masked = self.text.as_bytes().to_vec();
        for tag in &self.tags {
            let alone = self.alone_on_line(tag);
            let first_line_end = self.text[tag.start..tag.end]
                .find('\n')
                .map_or(tag.end, |i| tag.start + i);
            for (i, byte) in masked[tag.start..tag.end].iter_mut().enumerate() {
                if *byte == b'\n' {
                    continue;
                }
                *byte = match (alone, tag.start + i < first_line_end) {
                    (true, true) => b'*',
                    (true, false) => b' ',
                    (false, _) => b'x',
                };
            }
        }
        let masked = String::from_utf8_lossy(&masked).into_owned();
        let mut tokens = Vec::new();
        if let Ok(tree) = markdown::to_mdast(&masked, &parse_options()) {
            self.block(&tree, false, &mut tokens);
        }
        tokens
    }

    fn block(&self, node: &Md, tight: bool, out: &mut Vec<Token>) {
        let line = span(node).map_or(0, |(start, _)| self.line(start));
        let open = |kind| Token::Open {
            kind,
            line,
            level: 0,
            ordered: false,
        };
        let children = |out: &mut Vec<Token>, tight| {
            for child in node.children().into_iter().flatten() {
                self.block(child, tight, out);
            }
        };
        match node {
            Md::Root(_) => children(out, false),
            Md::Paragraph(_) => self.paragraph(node, tight, out),
            Md::Heading(heading) => {
                out.push(Token::Open {
                    kind: "heading",
                    line,
                    level: heading.depth,
                    ordered: false,
                });
                out.push(Token::Inline {
                    line,
                    children: self.inline_children(node),
                });
                out.push(Token::Close { kind: "heading" });
            }
            Md::Blockquote(_) => {
                out.push(open("blockquote"));
                children(out, false);
                out.push(Token::Close { kind: "blockquote" });
            }
            Md::List(list) => {
                out.push(Token::Open {
                    kind: "list",
                    line,
                    level: 0,
                    ordered: list.ordered,
                });
                for item in &list.children {
                    let item_line = span(item).map_or(line, |(start, _)| self.line(start));
                    out.push(Token::Open {
                        kind: "item",
                        line: item_line,
                        level: 0,
                        ordered: false,
                    });
                    for child in item.children().into_iter().flatten() {
                        self.block(child, !list.spread, out);
                    }
                    out.push(Token::Close { kind: "item" });
                }
                out.push(Token::Close { kind: "list" });
            }
            Md::Code(code) => out.push(self.fence(code, line)),
            Md::ThematicBreak(_) if self.block_tag_at(node).is_some() => {
                if let Some(tag) = self.block_tag_at(node) {
                    out.push(Token::Tag {
                        syntax: tag.syntax.clone(),
                        line: Some(self.line(tag.start)),
                    });
                }
            }
            Md::ThematicBreak(_) => out.push(Token::Leaf {
                kind: "hr",
                line: Some(line),
                attributes: Vec::new(),
                errors: Vec::new(),
                children: Vec::new(),
            }),
            Md::Table(table) => {
                out.push(open("table"));
                for (index, row) in table.children.iter().enumerate() {
                    let row_line = span(row).map_or(line, |(start, _)| self.line(start));
                    if index == 0 {
                        out.push(open("thead"));
                    } else if index == 1 {
                        out.push(Token::Open {
                            kind: "tbody",
                            line: row_line,
                            level: 0,
                            ordered: false,
                        });
                    }
                    out.push(Token::Open {
                        kind: "tr",
                        line: row_line,
                        level: 0,
                        ordered: false,
                    });
                    let cell_kind = if index == 0 { "th" } else { "td" };
                    for cell in row.children().into_iter().flatten() {
                        out.push(Token::Open {
                            kind: cell_kind,
                            line: row_line,
                            level: 0,
                            ordered: false,
                        });
                        out.push(Token::Inline {
                            line: row_line,
                            children: self.inline_children(cell),
                        });
                        out.push(Token::Close { kind: cell_kind });
                    }
                    out.push(Token::Close { kind: "tr" });
                    if index == 0 {
                        out.push(Token::Close { kind: "thead" });
                    }
                }
                if table.children.len() > 1 {
                    out.push(Token::Close { kind: "tbody" });
                }
                out.push(Token::Close { kind: "table" });
            }
            _ => {}
        }
    }

    /// A fence: its info string's annotation, and the tags Markdoc reads in its content.
    fn fence(&self, code: &markdown::mdast::Code, line: usize) -> Token {
        let info = [code.lang.as_deref(), code.meta.as_deref()]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join(" ");
        let mut attributes = Vec::new();
        let mut errors = Vec::new();
        if let Some(open) = info.find("{%") {
            let close = tag_end(&info, open).unwrap_or(info.len());
            match parse_tag(info.get(open + 2..close).unwrap_or_default().trim()) {
                TagSyntax::Error(message) => {
                    errors.push(format!("Syntax error in fence tag: {message}"))
                }
                TagSyntax::Open {
                    attributes: found, ..
                }
                | TagSyntax::Annotation(found) => attributes = found,
                _ => {}
            }
        }
        let unprocessed = info.contains("process=false");
        let children = if unprocessed {
            Vec::new()
        } else {
            fence_tags(&code.value, line)
        };
        Token::Leaf {
            kind: "fence",
            line: Some(line),
            attributes,
            errors,
            children,
        }
    }

    /// A paragraph (a tight list's paragraphs are hidden).
    fn paragraph(&self, node: &Md, tight: bool, out: &mut Vec<Token>) {
        let mut items = Vec::new();
        for child in node.children().into_iter().flatten() {
            self.inline(child, &mut items);
        }
        self.flush(items, tight, out);
    }

    fn flush(&self, mut piece: Vec<(usize, Token)>, tight: bool, out: &mut Vec<Token>) {
        let softbreak = |token: &Token| {
            matches!(
                token,
                Token::Leaf {
                    kind: "softbreak",
                    ..
                }
            )
        };
        while piece.first().is_some_and(|(_, token)| softbreak(token)) {
            piece.remove(0);
        }
        while piece.last().is_some_and(|(_, token)| softbreak(token)) {
            piece.pop();
        }
        let Some(&(first, _)) = piece.first() else {
            return;
        };
        let line = self.line(first);
        let children = piece.into_iter().map(|(_, token)| token).collect();
        if !tight {
            out.push(Token::Open {
                kind: "paragraph",
                line,
                level: 0,
                ordered: false,
            });
        }
        out.push(Token::Inline { line, children });
        if !tight {
            out.push(Token::Close { kind: "paragraph" });
        }
    }

    /// The tag a thematic break of the masked text stands for.
    fn block_tag_at(&self, node: &Md) -> Option<&FoundTag> {
        let (start, end) = span(node)?;
        self.tags
            .iter()
            .find(|tag| tag.start >= start && tag.start < end)
    }

    /// Whether a tag stands alone on its line, after the markers of the blocks it is in (Markdoc
    /// then reads it as a block). A variable never does.
    fn alone_on_line(&self, tag: &FoundTag) -> bool {
        if matches!(tag.syntax, TagSyntax::Variable)
            || self.text[tag.start + 2..].trim_start().starts_with('$')
        {
            return false;
        }
        let line_start = self.line_starts[self.line(tag.start)];
        let mut before = &self.text[line_start..tag.start];
        loop {
            before = before.trim_start_matches([' ', '\t']);
            if let Some(rest) = before.strip_prefix('>') {
                before = rest;
            } else if let Some(rest) = list_marker(before) {
                before = rest;
            } else {
                break;
            }
        }
        let line_end = self.text[tag.end..]
            .find('\n')
            .map_or(self.text.len(), |i| tag.end + i);
        let multi_line = self.line(tag.end) != self.line(tag.start);
        before.is_empty() && (multi_line || self.text[tag.end..line_end].trim().is_empty())
    }

    fn inline_children(&self, node: &Md) -> Vec<Token> {
        let mut items = Vec::new();
        for child in node.children().into_iter().flatten() {
            self.inline(child, &mut items);
        }
        items.into_iter().map(|(_, token)| token).collect()
    }

    /// Inline tokens with the offsets where they start.
    fn inline(&self, node: &Md, out: &mut Vec<(usize, Token)>) {
        let Some((start, end)) = span(node) else {
            return;
        };
        let wrap = |kind: &'static str, out: &mut Vec<(usize, Token)>| {
            out.push((
                start,
                Token::Open {
                    kind,
                    line: 0,
                    level: 0,
                    ordered: false,
                },
            ));
            for child in node.children().into_iter().flatten() {
                self.inline(child, out);
            }
            out.push((end, Token::Close { kind }));
        };
        match node {
            Md::Text(_) => self.text_tokens(start, end, out),
            Md::Emphasis(_) => wrap("em", out),
            Md::Strong(_) => wrap("strong", out),
            Md::Delete(_) => wrap("s", out),
            Md::Link(_) | Md::LinkReference(_) => wrap("link", out),
            Md::InlineCode(_) => out.push((start, leaf("code"))),
            Md::Break(_) => out.push((start, leaf("hardbreak"))),
            Md::Image(_) | Md::ImageReference(_) => out.push((start, leaf("image"))),
            _ => self.text_tokens(start, end, out),
        }
    }

    /// Text with the tags and line breaks in it.
    fn text_tokens(&self, start: usize, end: usize, out: &mut Vec<(usize, Token)>) {
        let mut at = start;
        let push_text = |from: usize, to: usize, out: &mut Vec<(usize, Token)>| {
            let mut piece_start = from;
            for (i, _) in self.text[from..to].match_indices('\n') {
                if !self.text[piece_start..from + i].trim().is_empty() {
                    out.push((piece_start, leaf("text")));
                }
                out.push((from + i, leaf("softbreak")));
                piece_start = from + i + 1;
            }
            if !self.text[piece_start..to].trim().is_empty() {
                out.push((piece_start, leaf("text")));
            }
        };
        for tag in self
            .tags
            .iter()
            .filter(|tag| tag.start >= start && tag.start < end)
        {
            push_text(at, tag.start, out);
            out.push((
                tag.start,
                Token::Tag {
                    syntax: tag.syntax.clone(),
                    line: None,
                },
            ));
            at = tag.end;
        }
        if at < end {
            push_text(at, end, out);
        }
    }
}

/// The rest of a line after a list item's marker (`- `, `1. `), if it starts with one.
fn list_marker(line: &str) -> Option<&str> {
    let digits = line.len() - line.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let rest = if digits > 0 {
        line[digits..].strip_prefix(['.', ')'])?
    } else {
        line.strip_prefix(['-', '*', '+'])?
    };
    rest.starts_with([' ', '\t']).then_some(rest)
}

/// Markdoc's `parseTags` over a fence's content: tags there become the fence's children.
fn fence_tags(content: &str, fence_line: usize) -> Vec<Token> {
    find_tags(content, 0, content.len(), &[])
        .into_iter()
        .map(|tag| {
            let line = fence_line + 1 + content[..tag.start].matches('\n').count();
            Token::Tag {
                syntax: tag.syntax,
                line: Some(line),
            }
        })
        .collect()
}
