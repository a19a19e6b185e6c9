//! The admin's reader over Markdoc's tree, as far as the problems it reports go.

use super::tree::{Node, Tree};
use crate::body::field::{BodyProblem, ContentField, notice, refused, unknown_prop};
use crate::body::options::EditorFeatures;
use crate::config::{ComponentKind, ContentKind, Region};

/// Attributes Markdoc itself puts on each node type; any other came from an annotation.
fn known_attributes(kind: &str) -> &'static [&'static str] {
    match kind {
        "paragraph" => &["textAlign"],
        "heading" => &["level", "textAlign"],
        "fence" => &["content", "language"],
        "list" => &["ordered", "marker", "start"],
        "link" => &["href", "title"],
        "image" => &["src", "alt", "title"],
        "em" | "strong" | "s" => &["marker"],
        "code" | "text" => &["content"],
        "th" | "td" => &["colspan", "rowspan"],
        _ => &[],
    }
}

/// The admin's reader (`markdocToDoc`) over the tree, as far as problems go.
pub(super) struct Reader<'a> {
    pub(super) field: ContentField<'a>,
    pub(super) options: EditorFeatures,
    pub(super) tree: &'a Tree,
    pub(super) problems: Vec<BodyProblem>,
}

impl Reader<'_> {
    fn problem(&mut self, node: &Node, message: String) {
        self.problems
            .push(refused(node.line.map(|line| line + 1), message));
    }

    fn children(&mut self, node: &Node, textblock: bool) {
        for &child in &node.children {
            self.node(child, textblock);
        }
    }

    fn not_allowed(&mut self, node: &Node) {
        self.problem(node, format!("{} is not allowed", node.kind));
        self.children(node, false);
    }

    fn allowed(&mut self, node: &Node, allowed: bool, textblock: bool) {
        if allowed {
            self.children(node, textblock);
        } else {
            self.not_allowed(node);
        }
    }

    pub(super) fn node(&mut self, id: usize, in_textblock: bool) {
        let tree = self.tree;
        let node = &tree.nodes[id];
        if !node.errors.is_empty() {
            for error in &node.errors {
                self.problem(node, error.clone());
            }
            return;
        }
        let with_props = match node.kind {
            "heading" => self.options.heading_props,
            "fence" => self.options.code_block_props,
            _ => false,
        };
        let extra = node.attributes.iter().find(|name| {
            node.kind != "tag"
                && !with_props
                && !known_attributes(node.kind).contains(&name.as_str())
        });
        if let Some(extra) = extra {
            self.problem(
                node,
                format!("The attribute \"{extra}\" is not allowed on {}", node.kind),
            );
            return;
        }
        let options = &self.options;
        match node.kind {
            "document" | "inline" | "thead" | "tbody" => {
                self.children(node, node.kind == "inline" || in_textblock)
            }
            "paragraph" => {
                self.align(node);
                self.children(node, true);
            }
            "heading" => {
                if !options.heading.contains(&node.level) {
                    return self.not_allowed(node);
                }
                self.align(node);
                self.children(node, true);
            }
            "blockquote" => self.allowed(node, options.blockquote, false),
            "hr" => self.allowed(node, options.divider, false),
            "fence" => {
                if !options.code_block {
                    self.not_allowed(node);
                }
            }
            "list" => {
                let allowed = if node.ordered {
                    options.ordered_list
                } else {
                    options.unordered_list
                };
                self.allowed(node, allowed, false);
            }
            "item" => self.allowed(node, options.lists(), false),
            "table" | "tr" => self.allowed(node, options.table, false),
            "th" | "td" => self.allowed(node, options.table, true),
            "text" | "softbreak" | "hardbreak" | "image" | "comment" => {}
            "code" => {
                if !options.code {
                    self.not_allowed(node);
                }
            }
            "em" => self.allowed(node, options.italic, in_textblock),
            "strong" => self.allowed(node, options.bold, in_textblock),
            "s" => self.allowed(node, options.strikethrough, in_textblock),
            "link" => self.allowed(node, options.link, in_textblock),
            "tag" => self.tag(node, in_textblock),
            other => {
                let message = if *self.field.kind == ContentKind::Document && in_textblock {
                    format!("Unknown inline node type: {other}")
                } else {
                    format!("Unhandled type {other}")
                };
                self.problem(node, message);
            }
        }
    }

    fn align(&mut self, node: &Node) {
        if node.attributes.iter().any(|name| name == "textAlign") && !self.options.alignment {
            self.problem(
                node,
                format!(
                    "The attribute \"textAlign\" is not allowed on {}",
                    node.kind
                ),
            );
        }
    }

    fn tag(&mut self, node: &Node, in_textblock: bool) {
        let name = node.tag.as_deref().unwrap_or_default();
        if let Some(component) = self.field.component(name) {
            if let Some(message) =
                unknown_prop(component, node.attributes.iter().map(String::as_str))
            {
                return self.problem(node, format!("{name}: {message}"));
            }
            if component.kind == ComponentKind::Regions {
                return self.regions(node, name, &component.regions);
            }
            if component.kind == ComponentKind::Repeating
                && !self.children_fit(node, &component.children)
            {
                return;
            }
            let textblock = matches!(
                component.kind,
                ComponentKind::Mark | ComponentKind::InlineWrapper
            ) || (component.kind == ComponentKind::Inline && in_textblock);
            return self.within(component.heading_levels.as_deref(), |reader| {
                reader.children(node, textblock)
            });
        }
        if self.options.has_layouts && (name == "layout" || name == "layout-area") {
            return self.children(node, false);
        }
        if name == "table" {
            match node.children.first() {
                Some(&first) if self.options.table => self.node(first, false),
                _ => self.problem(node, "table is not allowed".to_string()),
            }
            return;
        }
        let legacy = match name {
            "u" => Some(self.options.underline),
            "sup" => Some(self.options.superscript),
            "sub" => Some(self.options.subscript),
            "kbd" => Some(self.options.keyboard),
            _ => None,
        };
        if legacy == Some(true) {
            return self.children(node, in_textblock);
        }
        if !node.inline {
            self.problems
                .push(notice(node.line.map(|line| line + 1), name));
            return;
        }
        let message = if *self.field.kind == ContentKind::Document {
            format!("Unknown tag: {name}")
        } else {
            format!("Missing component definition for {name}")
        };
        self.problem(node, message);
        self.children(node, in_textblock);
    }

    /// Reads a child field's content, which may hold only some of its field's heading levels.
    fn within(&mut self, heading_levels: Option<&[u8]>, read: impl FnOnce(&mut Self)) {
        let Some(levels) = heading_levels else {
            return read(self);
        };
        let outer = self.options.heading.clone();
        self.options.heading.retain(|level| levels.contains(level));
        read(self);
        self.options.heading = outer;
    }

    /// A block of several child fields holds one region tag per field, in order
    /// (`{% component-block-prop propPath=["content"] %}`), each read as a wrapper's content (or an
    /// inline wrapper's, for a line of text); the first that does not fit is reported.
    fn regions(&mut self, node: &Node, name: &str, regions: &[Region]) {
        let tree = self.tree;
        let parts: Vec<&Node> = node
            .children
            .iter()
            .flat_map(|&child| {
                let child = &tree.nodes[child];
                tag_lines(tree, child).unwrap_or_else(|| vec![child])
            })
            .collect();
        for (index, region) in regions.iter().enumerate() {
            let Some(&part) = parts.get(index) else {
                return self.problem(node, format!("{name} has unexpected children"));
            };
            let tag = if region.inline {
                "component-inline-prop"
            } else {
                "component-block-prop"
            };
            let path = format!(
                "[{}]",
                region
                    .path
                    .iter()
                    .map(|key| format!("\"{key}\""))
                    .collect::<Vec<_>>()
                    .join(",")
            );
            let written = part
                .values
                .iter()
                .find(|(key, _)| key == "propPath")
                .map(|(_, value)| value.split_whitespace().collect::<String>());
            let fits = part.kind == "tag"
                && part.tag.as_deref() == Some(tag)
                && part.attributes == ["propPath"]
                && written.as_deref() == Some(path.as_str());
            if !fits {
                let found = match (&part.kind, &part.tag) {
                    (&"tag", Some(tag)) => format!("tag: {tag}"),
                    (kind, _) => format!("type: {kind}"),
                };
                return self.problem(
                    part,
                    format!("expected tag {tag} propPath={path}, found {found}"),
                );
            }
            self.within(region.heading_levels.as_deref(), |reader| {
                reader.children(part, region.inline)
            });
        }
        if let Some(&extra) = parts.get(regions.len()) {
            self.problem(extra, format!("{name} has unexpected children"));
        }
    }

    /// A repeating component holds only the tags it repeats; the first other child is reported.
    fn children_fit(&mut self, node: &Node, expected: &[String]) -> bool {
        let tree = self.tree;
        for &child in &node.children {
            let child = &tree.nodes[child];
            let parts = tag_lines(tree, child).unwrap_or_else(|| vec![child]);
            for part in parts {
                if part.kind == "tag" && part.tag.as_ref().is_some_and(|tag| expected.contains(tag))
                {
                    continue;
                }
                let found = match (&part.kind, &part.tag) {
                    (&"tag", Some(tag)) => format!("tag: {tag}"),
                    (kind, _) => format!("type: {kind}"),
                };
                self.problem(
                    child,
                    format!("expected tag {}, found {found}", expected.join(" or ")),
                );
                return false;
            }
        }
        true
    }
}

/// The tags that are all of a paragraph's text, one per line, if that is what it is.
fn tag_lines<'t>(tree: &'t Tree, paragraph: &Node) -> Option<Vec<&'t Node>> {
    if paragraph.kind != "paragraph" || paragraph.children.len() != 1 {
        return None;
    }
    let inline = &tree.nodes[paragraph.children[0]];
    if inline.kind != "inline" {
        return None;
    }
    let parts: Vec<&Node> = inline.children.iter().map(|&id| &tree.nodes[id]).collect();
    let fits = parts.len() % 2 == 1
        && parts
            .iter()
            .enumerate()
            .all(|(i, part)| part.kind == if i % 2 == 0 { "tag" } else { "softbreak" });
    fits.then(|| parts.into_iter().step_by(2).collect())
}
