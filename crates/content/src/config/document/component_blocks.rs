//! The component blocks of a legacy `document` field (`componentBlocks: { <tag>: { label, schema } }`),
//! read into the content components a markdoc field declares. Keystatic gives component blocks no
//! kind: what a block holds follows from its one child field, which is not a prop but the tag's
//! content, as Keystatic writes it:
//!
//! - no child field: a block, `{% tag … /%}`;
//! - `{ kind: child, content: block }`: a wrapper, `{% tag … %}` around blocks of text;
//! - `{ kind: child, content: inline }`: a line of text, `{% tag … %}text{% /tag %}`;
//! - several child fields: one region each, in schema order, each in a tag naming its field
//!   (`{% component-block-prop propPath=["content"] %}…`, `component-inline-prop` for a line);
//! - an array with `asChildTag: item`: a repeating component whose children are `{% item … %}`
//!   tags, one per array item, each read the same way from the item's fields.

use super::child_fields::{self, Child, Found, kind_of};
use crate::config::components::taken_name;
use crate::config::model::{Component, ComponentKind, Length, Region};
use crate::config::reading::{Cx, present};
use crate::value::Node;

/// Tags a document field writes itself for its marks (`{% u %}text{% /u %}`).
pub const MARK_TAGS: &[&str] = &["u", "kbd", "sub", "sup"];
/// Tags a document field writes itself for its columns, when it has layouts.
pub const LAYOUT_TAGS: &[&str] = &["layout", "layout-area"];

/// `layouts`: whether the field has column layouts, whose tags then are the field's own.
pub(super) fn read(
    cx: &mut Cx,
    node: Option<&Node>,
    layouts: bool,
    what: &str,
) -> Vec<(String, Component)> {
    let own_tags: Vec<&str> = MARK_TAGS
        .iter()
        .chain(if layouts { LAYOUT_TAGS } else { &[] })
        .copied()
        .collect();
    let Some(node) = node else { return Vec::new() };
    let Some(entries) = cx.mapping(node, &format!("{what} componentBlocks")) else {
        return Vec::new();
    };
    let mut components: Vec<(String, Component)> = Vec::new();
    // Which block each tag came from: item tags share one namespace with the blocks.
    let mut owners: Vec<(String, &str)> = Vec::new();
    for (name, definition) in entries {
        let what = format!("{what} component block \"{name}\"");
        let Some(parts) = cx.mapping(definition, &what) else {
            continue;
        };
        // `chromeless` (drawn without its frame in Keystatic) is taken; Quire draws every block
        // with its label.
        cx.known_keys(
            parts,
            &["label", "description", "schema", "toolbar", "chromeless"],
            &what,
        );
        let label = cx
            .string(parts, "label", &what)
            .unwrap_or_else(|| name.clone());
        let description = cx.string(parts, "description", &what);
        let toolbar = cx.boolean(parts, "toolbar", &what).unwrap_or(false);
        let fields = match present(parts, "schema") {
            Some(schema) => cx.mapping(schema, &format!("{what} schema")).unwrap_or(&[]),
            None => &[],
        };
        let shape = Shape {
            name,
            label,
            description,
            for_specific_locations: false,
            toolbar,
        };
        for (tag, component) in components_of(cx, shape, fields, definition, &what) {
            let taken = if !is_tag_name(&tag) {
                Some(format!(
                    "\"{tag}\" is not a tag name (a letter, then letters, digits, - or _)"
                ))
            } else if let Some(message) = taken_name(&tag, &own_tags) {
                Some(message)
            } else if tag != *name && entries.iter().any(|(n, _)| *n == tag) {
                Some(format!(
                    "the tag \"{tag}\" is already the name of a component block"
                ))
            } else {
                owners.iter().find(|(t, _)| *t == tag).map(|(_, owner)| {
                    format!(
                        "the tag \"{tag}\" is already the item tag of component block \"{owner}\""
                    )
                })
            };
            match taken {
                Some(message) => cx.error(definition, format!("{what}: {message}")),
                None => {
                    owners.push((tag.clone(), name));
                    components.push((tag, component));
                }
            }
        }
    }
    components
}

/// What a component is called and where it may stand; its content follows from its fields.
struct Shape<'a> {
    name: &'a str,
    label: String,
    description: Option<String>,
    for_specific_locations: bool,
    /// A button of its own in the toolbar (Keystatic's `toolbarIcon`); its items never are.
    toolbar: bool,
}

/// The component `shape` with `fields`, then the components of its items, if any.
fn components_of(
    cx: &mut Cx,
    shape: Shape,
    fields: &[(String, Node)],
    at: &Node,
    what: &str,
) -> Vec<(String, Component)> {
    let (schema, mut found) = child_fields::split(cx, fields, what);
    // Several child fields are regions of their own; an array's items stand alone.
    let items_among_others = found
        .iter()
        .find(|found| matches!(found.child, Child::Items { .. }))
        .filter(|_| found.len() > 1)
        .map(|found| found.at);
    if let Some(at) = items_among_others {
        cx.error(
            at,
            format!("{what}: an array with asChildTag must be the only child field of its component block"),
        );
        return Vec::new();
    }
    let mut regions = Vec::new();
    let child = if found.len() > 1 {
        for Found { path, child, .. } in found {
            if let Child::Text {
                label,
                inline,
                placeholder,
                heading_levels,
            } = child
            {
                regions.push(Region {
                    label: label.unwrap_or_else(|| path.last().cloned().unwrap_or_default()),
                    path,
                    inline,
                    placeholder,
                    heading_levels,
                });
            }
        }
        None
    } else {
        found.pop().map(|found| found.child)
    };
    let component = |kind, placeholder, children, children_length| Component {
        regions: Vec::new(),
        tag: None,
        class_name: None,
        style: Vec::new(),
        kind,
        label: shape.label.clone(),
        description: shape.description.clone(),
        schema: schema.clone(),
        for_specific_locations: shape.for_specific_locations,
        children,
        children_length,
        placeholder,
        toolbar: shape.toolbar && kind != ComponentKind::InlineWrapper,
        cloud_image: false,
        heading_levels: None,
    };
    match child {
        None if !regions.is_empty() => vec![(
            shape.name.into(),
            Component {
                regions,
                ..component(ComponentKind::Regions, None, vec![], Length::default())
            },
        )],
        None => vec![(
            shape.name.into(),
            component(ComponentKind::Block, None, vec![], Length::default()),
        )],
        Some(Child::Text {
            inline,
            placeholder,
            heading_levels,
            ..
        }) => {
            let kind = if inline {
                ComponentKind::InlineWrapper
            } else {
                ComponentKind::Wrapper
            };
            vec![(
                shape.name.into(),
                Component {
                    heading_levels,
                    ..component(kind, placeholder, vec![], Length::default())
                },
            )]
        }
        Some(Child::Items {
            key,
            tag,
            element,
            length,
        }) => {
            let mut components = vec![(
                shape.name.to_string(),
                component(ComponentKind::Repeating, None, vec![tag.clone()], length),
            )];
            components.extend(item_components(cx, &key, &tag, element, at, what));
            components
        }
    }
}

/// The component of the items of an array with `asChildTag`: an object's fields, or a lone child.
fn item_components(
    cx: &mut Cx,
    key: &str,
    tag: &str,
    element: &Node,
    at: &Node,
    what: &str,
) -> Vec<(String, Component)> {
    let what = format!("{what} item \"{tag}\"");
    let Some(entries) = cx.mapping(element, &what) else {
        return Vec::new();
    };
    let shape = Shape {
        name: tag,
        label: cx
            .string(entries, "label", &what)
            .unwrap_or_else(|| tag.to_string()),
        description: cx.string(entries, "description", &what),
        for_specific_locations: true,
        toolbar: false,
    };
    match kind_of(element) {
        Some("object") => {
            cx.known_keys(entries, &["kind", "label", "description", "fields"], &what);
            let fields = match present(entries, "fields") {
                Some(fields) => cx.mapping(fields, &format!("{what} fields")).unwrap_or(&[]),
                None => &[],
            };
            components_of(cx, shape, fields, at, &what)
        }
        Some("child") => {
            let lone = [(key.to_string(), element.clone())];
            components_of(cx, shape, &lone, at, &what)
        }
        _ => {
            cx.error(
                element,
                format!("{what}: the items of an array with asChildTag must be an object or a child field"),
            );
            Vec::new()
        }
    }
}

/// A Markdoc tag name: a letter, then letters, digits, `-` or `_`.
fn is_tag_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

#[cfg(test)]
mod tests {
    use crate::config::{self, Component, ComponentKind, FieldKind};

    fn components(blocks: &str) -> Result<Vec<(String, Component)>, String> {
        let text = format!(
            "singletons:\n  page:\n    path: page\n    schema:\n      body:\n        kind: document\n        label: Body\n        componentBlocks:\n{blocks}"
        );
        let config = config::parse(&text).map_err(|e| e.render("quire.yaml"))?;
        match &config.singleton("page").unwrap().schema[0].1.kind {
            FieldKind::Content { components, .. } => Ok(components.clone()),
            other => panic!("a content field, not {}", other.name()),
        }
    }

    fn props(component: &Component) -> Vec<&str> {
        component
            .schema
            .iter()
            .map(|(key, _)| key.as_str())
            .collect()
    }

    #[test]
    fn the_child_field_decides_what_a_block_holds_and_is_no_prop() {
        let read = components(concat!(
            "          embed: { label: Embed, schema: { url: { kind: url, label: URL } } }\n",
            "          quote:\n",
            "            label: Quote\n",
            "            schema:\n",
            "              content: { kind: child, content: block, placeholder: Quote..., formatting: { inlineMarks: inherit }, links: inherit }\n",
            "              attribution: { kind: text, label: Attribution }\n",
            "          note:\n",
            "            label: Note\n",
            "            schema: { text: { kind: child, content: inline } }\n",
        ))
        .unwrap();
        let kinds: Vec<(&str, ComponentKind)> =
            read.iter().map(|(n, c)| (n.as_str(), c.kind)).collect();
        assert_eq!(
            kinds,
            [
                ("embed", ComponentKind::Block),
                ("quote", ComponentKind::Wrapper),
                ("note", ComponentKind::InlineWrapper),
            ]
        );
        assert_eq!(props(&read[1].1), ["attribution"]);
        assert_eq!(read[1].1.placeholder.as_deref(), Some("Quote..."));
        assert!(props(&read[2].1).is_empty());
    }

    #[test]
    fn an_array_as_child_tags_repeats_a_component_of_its_items() {
        let read = components(concat!(
            "          faq:\n",
            "            label: Questions\n",
            "            schema:\n",
            "              title: { kind: text, label: Title }\n",
            "              items:\n",
            "                kind: array\n",
            "                asChildTag: question\n",
            "                validation: { length: { min: 1, max: 5 } }\n",
            "                element:\n",
            "                  kind: object\n",
            "                  label: Question\n",
            "                  fields:\n",
            "                    question: { kind: text, label: Question }\n",
            "                    answer: { kind: child, content: block }\n",
        ))
        .unwrap();
        let (name, faq) = &read[0];
        assert_eq!(name, "faq");
        assert_eq!(faq.kind, ComponentKind::Repeating);
        assert_eq!(props(faq), ["title"]);
        assert_eq!(faq.children, ["question"]);
        assert_eq!(
            (faq.children_length.min, faq.children_length.max),
            (1, Some(5))
        );
        let (name, question) = &read[1];
        assert_eq!(name, "question");
        assert_eq!(question.kind, ComponentKind::Wrapper);
        assert_eq!(question.label, "Question");
        assert!(question.for_specific_locations);
        assert_eq!(props(question), ["question"]);
    }

    #[test]
    fn several_child_fields_are_regions_in_schema_order() {
        let read = components(concat!(
            "          quote:\n",
            "            label: Quote\n",
            "            schema:\n",
            "              content: { kind: child, content: block, placeholder: Quote... }\n",
            "              tone: { kind: text, label: Tone }\n",
            "              attribution: { kind: child, label: Said by, content: inline }\n",
        ))
        .unwrap();
        let (name, quote) = &read[0];
        assert_eq!(name, "quote");
        assert_eq!(quote.kind, ComponentKind::Regions);
        assert_eq!(props(quote), ["tone"]);
        let regions: Vec<_> = quote
            .regions
            .iter()
            .map(|r| {
                (
                    r.path.join("."),
                    r.label.as_str(),
                    r.inline,
                    r.placeholder.as_deref(),
                )
            })
            .collect();
        assert_eq!(
            regions,
            [
                ("content".to_string(), "content", false, Some("Quote...")),
                ("attribution".to_string(), "Said by", true, None)
            ]
        );
    }

    #[test]
    fn child_fields_inside_objects_are_found_by_their_path() {
        let read = components(concat!(
            "          aside:\n",
            "            schema:\n",
            "              meta:\n",
            "                kind: object\n",
            "                fields:\n",
            "                  tone: { kind: select, label: Tone, options: [{ label: Calm, value: calm }], defaultValue: calm }\n",
            "                  body: { kind: child, content: block }\n",
            "          card:\n",
            "            schema:\n",
            "              title: { kind: child, content: inline, label: Title }\n",
            "              parts: { kind: object, fields: { inner: { kind: object, fields: { text: { kind: child, content: block } } } } }\n",
        ))
        .unwrap();
        // One child field, wherever it is, is the tag's content; its object stays a prop without it.
        let (_, aside) = &read[0];
        assert_eq!(aside.kind, ComponentKind::Wrapper);
        assert_eq!(props(aside), ["meta"]);
        let FieldKind::Object { fields, .. } = &aside.schema[0].1.kind else {
            panic!("meta is an object");
        };
        assert_eq!(
            fields.iter().map(|(k, _)| k.as_str()).collect::<Vec<_>>(),
            ["tone"]
        );
        // Several: regions named by their paths, in schema order.
        let (_, card) = &read[1];
        assert_eq!(card.kind, ComponentKind::Regions);
        assert_eq!(props(card), ["parts"]);
        let paths: Vec<(String, &str)> = card
            .regions
            .iter()
            .map(|r| (r.path.join("."), r.label.as_str()))
            .collect();
        assert_eq!(
            paths,
            [
                ("title".to_string(), "Title"),
                ("parts.inner.text".to_string(), "text")
            ]
        );
    }

    #[test]
    fn a_child_field_may_hold_heading_levels_of_its_own() {
        let read = components(concat!(
            "          aside: { schema: { content: { kind: child, content: block, formatting: { headingLevels: [2], inlineMarks: inherit } } } }\n",
            "          card:\n",
            "            schema:\n",
            "              title: { kind: child, content: inline }\n",
            "              body: { kind: child, content: block, formatting: { headingLevels: [3, 4] } }\n",
        ))
        .unwrap();
        assert_eq!(read[0].1.heading_levels, Some(vec![2]));
        assert_eq!(read[1].1.heading_levels, None);
        let levels: Vec<_> = read[1]
            .1
            .regions
            .iter()
            .map(|r| r.heading_levels.clone())
            .collect();
        assert_eq!(levels, [None, Some(vec![3, 4])]);

        let inline = components(
            "          note: { schema: { text: { kind: child, content: inline, formatting: { headingLevels: [2] } } } }\n",
        )
        .unwrap_err();
        assert!(
            inline.contains("a line of text holds no headings, so no headingLevels"),
            "{inline}"
        );
        let out_of_range = components(
            "          aside: { schema: { content: { kind: child, content: block, formatting: { headingLevels: [7] } } } }\n",
        )
        .unwrap_err();
        assert!(
            out_of_range.contains("heading levels must be whole numbers from 1 to 6"),
            "{out_of_range}"
        );
    }

    #[test]
    fn child_fields_out_of_place_say_where() {
        let beside_items = components(concat!(
            "          faq:\n",
            "            schema:\n",
            "              intro: { kind: child, content: block }\n",
            "              items: { kind: array, asChildTag: question, element: { kind: child, content: block } }\n",
        ))
        .unwrap_err();
        assert!(beside_items.contains("quire.yaml:12:"), "{beside_items}");
        assert!(
            beside_items.contains("an array with asChildTag must be the only child field"),
            "{beside_items}"
        );

        let in_a_list = components(concat!(
            "          quote:\n",
            "            schema:\n",
            "              lines: { kind: array, element: { kind: child, content: block } }\n",
        ))
        .unwrap_err();
        assert!(
            in_a_list.contains("a child field belongs in the schema of a document field's component block (at its top or inside its objects)"),
            "{in_a_list}"
        );

        let laid_out = components(concat!(
            "          quote:\n",
            "            schema:\n",
            "              meta: { kind: object, layout: [6, 6], fields: { body: { kind: child, content: block }, a: { kind: text }, b: { kind: text } } }\n",
        ))
        .unwrap_err();
        assert!(
            laid_out.contains("an object holding a child field has no layout"),
            "{laid_out}"
        );

        let items = components(concat!(
            "          tags:\n",
            "            schema:\n",
            "              list: { kind: array, asChildTag: tag, element: { kind: text, label: Tag } }\n",
        ))
        .unwrap_err();
        assert!(
            items.contains("must be an object or a child field"),
            "{items}"
        );

        let clash = components(concat!(
            "          tabs:\n",
            "            schema:\n",
            "              list: { kind: array, asChildTag: note, element: { kind: child, content: block } }\n",
            "          note: { schema: {} }\n",
        ))
        .unwrap_err();
        assert!(
            clash.contains("the tag \"note\" is already the name of a component block"),
            "{clash}"
        );

        let shared = components(concat!(
            "          tabs: { schema: { list: { kind: array, asChildTag: item, element: { kind: child, content: block } } } }\n",
            "          steps: { schema: { list: { kind: array, asChildTag: item, element: { kind: child, content: block } } } }\n",
        ))
        .unwrap_err();
        assert!(
            shared.contains(
                "component block \"steps\": the tag \"item\" is already the item tag of component block \"tabs\""
            ),
            "{shared}"
        );

        let bad = components(concat!(
            "          tabs:\n",
            "            schema:\n",
            "              list:\n",
            "                kind: array\n",
            "                asChildTag: my tab\n",
            "                validation: { length: { min: 3, max: 1 } }\n",
            "                element: { kind: child, content: block }\n",
        ))
        .unwrap_err();
        assert!(bad.contains("\"my tab\" is not a tag name"), "{bad}");
        assert!(
            bad.contains("length.max (1) is less than length.min (3)"),
            "{bad}"
        );

        let kind =
            components("          quote: { schema: { content: { kind: child } } }\n").unwrap_err();
        assert!(
            kind.contains("content is required (block or inline)"),
            "{kind}"
        );

        let narrower = components(
            "          quote: { schema: { content: { kind: child, content: block, links: inherit, formatting: { inlineMarks: { bold: true } } } } }\n",
        )
        .unwrap_err();
        assert!(
            narrower.contains("\"formatting\" may only be inherit"),
            "{narrower}"
        );
        assert!(!narrower.contains("\"links\""), "{narrower}");
    }

    #[test]
    fn names_the_editor_or_the_field_writes_itself_are_refused() {
        let text = concat!(
            "singletons:\n  page:\n    path: page\n    schema:\n",
            "      body:\n        kind: document\n        layouts: [[1, 1]]\n        componentBlocks:\n",
            "          image: { schema: {} }\n",
            "          u: { schema: {} }\n",
            "          layout: { schema: {} }\n",
            "      notes:\n        kind: markdoc\n        components:\n",
            "          table: { kind: block }\n",
        );
        let error = config::parse(text).unwrap_err().render("quire.yaml");
        for expected in [
            "component block \"image\": \"image\" is a name of the editor's own",
            "component block \"u\": the field writes \"u\" tags itself",
            "component block \"layout\": the field writes \"layout\" tags itself",
            "component \"table\": \"table\" is a name of the editor's own",
        ] {
            assert!(error.contains(expected), "{expected}\n{error}");
        }
        // Without layouts, `layout` is a name like any other.
        let plain = "singletons:\n  page:\n    path: page\n    schema:\n      body: { kind: document, componentBlocks: { layout: { schema: {} } } }\n";
        assert!(config::parse(plain).is_ok());
    }

    #[test]
    fn a_child_field_outside_component_blocks_is_refused() {
        let text = "singletons:\n  page:\n    path: page\n    schema:\n      body: { kind: child, content: block }\n";
        let error = config::parse(text).unwrap_err().render("quire.yaml");
        assert!(
            error.contains("a child field belongs in the schema"),
            "{error}"
        );
    }
}
