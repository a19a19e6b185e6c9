//! Markdoc's tree: the tokens nested as its parser nests them, with the errors it records.

use super::tokens::Token;
use crate::body::markdoc_tag::{Attribute, TagSyntax};

/// A node of Markdoc's tree, as far as the admin's reader looks at it.
#[derive(Debug, Default)]
pub(super) struct Node {
    pub(super) kind: &'static str,
    pub(super) tag: Option<String>,
    /// 0-based first line.
    pub(super) line: Option<usize>,
    pub(super) inline: bool,
    pub(super) errors: Vec<String>,
    pub(super) attributes: Vec<String>,
    /// The values of `key=value` attributes, as written.
    pub(super) values: Vec<(String, String)>,
    pub(super) children: Vec<usize>,
    pub(super) level: u8,
    pub(super) ordered: bool,
}

/// Markdoc's parser (`parser.ts` `handleToken`): nesting by a stack, errors where it records them.
pub(super) struct Tree {
    pub(super) nodes: Vec<Node>,
    pub(super) stack: Vec<usize>,
}

impl Tree {
    pub(super) fn build(tokens: &[Token]) -> Tree {
        let mut tree = Tree {
            nodes: vec![Node {
                kind: "document",
                ..Node::default()
            }],
            stack: vec![0],
        };
        for token in tokens {
            tree.handle(token, None);
        }
        for &open in tree.stack.iter().skip(1) {
            let node = &mut tree.nodes[open];
            let name = node.tag.clone().unwrap_or_else(|| node.kind.to_string());
            node.errors
                .push(format!("Node '{name}' is missing closing"));
        }
        tree
    }

    fn parent(&self) -> usize {
        self.stack.last().copied().unwrap_or(0)
    }

    /// Markdoc's `annotate`: attributes join the node; one set twice is an error.
    fn annotate(&mut self, node: usize, attributes: &[Attribute]) {
        for attribute in attributes {
            let name = if attribute.is_class {
                "class"
            } else {
                attribute.name.as_str()
            };
            let node = &mut self.nodes[node];
            if !attribute.is_class && node.attributes.iter().any(|known| known == name) {
                node.errors.push(format!("Attribute '{name}' already set"));
            }
            if !node.attributes.iter().any(|known| known == name) {
                node.attributes.push(name.to_string());
            }
            if let Some(value) = &attribute.value {
                node.values.push((name.to_string(), value.clone()));
            }
        }
    }

    fn handle(&mut self, token: &Token, inline_parent: Option<usize>) {
        let parent = self.parent();
        let mut errors = Vec::new();
        let mut attributes: &[Attribute] = &[];
        let (kind, tag, nesting, line, level, ordered, children): (_, _, i8, _, _, _, &[Token]) =
            match token {
                Token::Open {
                    kind,
                    line,
                    level,
                    ordered,
                } => (*kind, None, 1, Some(*line), *level, *ordered, &[]),
                Token::Close { kind } => (*kind, None, -1, None, 0, false, &[]),
                Token::Inline { line, children } => (
                    "inline",
                    None,
                    0,
                    Some(*line),
                    0,
                    false,
                    children.as_slice(),
                ),
                Token::Leaf {
                    kind,
                    line,
                    attributes: found,
                    errors: found_errors,
                    children,
                } => {
                    attributes = found;
                    errors.extend(found_errors.iter().cloned());
                    (*kind, None, 0, *line, 0, false, children.as_slice())
                }
                Token::Tag { syntax, line } => match syntax {
                    TagSyntax::Annotation(found) => {
                        match inline_parent {
                            Some(owner) => self.annotate(owner, found),
                            None => {
                                let kind = self.nodes[parent].kind;
                                self.nodes[parent]
                                    .errors
                                    .push(format!("Can't apply inline annotations to '{kind}'"));
                            }
                        }
                        return;
                    }
                    TagSyntax::Variable => ("text", None, 0, *line, 0, false, &[]),
                    TagSyntax::Error(message) => {
                        errors.push(message.clone());
                        ("error", None, 0, *line, 0, false, &[])
                    }
                    TagSyntax::Open {
                        name,
                        attributes: found,
                        self_closing,
                    } => {
                        attributes = found;
                        (
                            "tag",
                            Some(name.clone()),
                            if *self_closing { 0 } else { 1 },
                            *line,
                            0,
                            false,
                            &[],
                        )
                    }
                    TagSyntax::Close { name } => {
                        ("tag", Some(name.clone()), -1, *line, 0, false, &[])
                    }
                },
            };
        if nesting < 0 {
            let open = &self.nodes[parent];
            if open.kind == kind && open.tag == tag {
                self.stack.pop();
                return;
            }
            errors.push(format!("Node '{kind}' is missing opening"));
        }
        let implicit: &[&str] = match kind {
            "heading" => &["level"],
            "fence" => &["content"],
            _ => &[],
        };
        let id = self.nodes.len();
        self.nodes.push(Node {
            kind,
            tag,
            line: line.or(self.nodes[parent].line),
            inline: inline_parent.is_some(),
            errors,
            attributes: implicit.iter().map(|name| name.to_string()).collect(),
            values: Vec::new(),
            children: Vec::new(),
            level,
            ordered,
        });
        if !attributes.is_empty() {
            self.annotate(id, attributes);
        }
        self.nodes[parent].children.push(id);
        if nesting > 0 {
            self.stack.push(id);
        }
        if matches!(
            token,
            Token::Inline { .. } | Token::Leaf { kind: "fence", .. }
        ) {
            let inline_parent = if kind == "inline" {
                Some(parent)
            } else {
                inline_parent
            };
            self.stack.push(id);
            for child in children {
                self.handle(child, inline_parent);
            }
            self.stack.pop();
        }
    }
}
