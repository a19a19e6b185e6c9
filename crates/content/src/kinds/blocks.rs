//! `blocks`: a list of items of several kinds, each `{ discriminant: <block key>, value }`, read as
//! a conditional whose discriminant is a select over the block keys.

use super::array::item_label;
use super::conditional::tagged;
use crate::config::model::{Block, FieldKind, Length};
use crate::config::nested::ReadFields;
use crate::config::reading::{Cx, present};
use crate::config::validation::length;
use crate::validate::walk::{self, CheckFields, Walk, item_count, join};
use crate::value::{Node, Pos, Value};

/// The options a blocks field takes, besides its kind, label and description.
pub(super) const OPTIONS: &[&str] = &["blocks", "validation"];

pub(super) fn read(cx: &mut Cx, entries: &[(String, Node)], what: &str, node: &Node) -> FieldKind {
    let mut blocks = Vec::new();
    match present(entries, "blocks").map(|n| (n, cx.mapping(n, &format!("{what} blocks")))) {
        Some((_, Some(kinds))) => {
            for (key, block) in kinds {
                let block_what = format!("{what} block \"{key}\"");
                let Some(parts) = cx.mapping(block, &block_what) else {
                    continue;
                };
                cx.known_keys(parts, &["label", "schema", "itemLabel"], &block_what);
                let label = cx
                    .string(parts, "label", &block_what)
                    .unwrap_or_else(|| key.clone());
                let Some(schema_node) = present(parts, "schema") else {
                    cx.error(block, format!("{block_what}: schema is required"));
                    continue;
                };
                let item_label = item_label(cx, parts, &block_what);
                if let Some(schema) = cx.field("schema", schema_node, &block_what) {
                    blocks.push((
                        key.clone(),
                        Block {
                            label,
                            schema,
                            item_label,
                        },
                    ));
                }
            }
            if kinds.is_empty() {
                cx.error(
                    node,
                    format!("{what}: blocks needs at least one block kind"),
                );
            }
        }
        Some((_, None)) => {}
        None => cx.error(
            node,
            format!("{what}: blocks needs at least one block kind"),
        ),
    }
    FieldKind::Blocks {
        blocks,
        length: length(cx, entries, what),
    }
}

/// Records the problems of a blocks field's stored list (`node` None: absent): its length, then
/// each item's. `label` is the field's, which an item without its block key names.
pub(super) fn check(
    walk: &mut Walk<'_>,
    label: &str,
    blocks: &[(String, Block)],
    length: &Length,
    node: Option<&Node>,
    path: &str,
    pos: Option<Pos>,
) {
    let Some(items) = walk.items(node, path, pos) else {
        return;
    };
    if let Some(message) = item_count(items.len(), length) {
        walk.rule(path, message, pos);
    }
    for (index, item) in items.iter().enumerate() {
        block(
            walk,
            label,
            blocks,
            item,
            &join(path, &index.to_string()),
            item.pos.or(pos),
        );
    }
}

/// One item of a blocks field: `{ discriminant: <block key>, value }`.
fn block(
    walk: &mut Walk<'_>,
    label: &str,
    blocks: &[(String, Block)],
    item: &Node,
    path: &str,
    pos: Option<Pos>,
) {
    let Some(parts) = tagged(walk, Some(item), path, pos) else {
        return;
    };
    let part = |key: &str| walk::present(parts.iter().find(|(k, _)| k == key).map(|(_, n)| n));
    let at = join(path, "discriminant");
    let block = match part("discriminant").map(|n| &n.value) {
        // A null item is absent: the first kind, empty.
        None if walk::present(Some(item)).is_none() => match blocks.first() {
            Some((_, block)) => block,
            None => return,
        },
        None => return walk.shape(&at, format!("{label} is required"), pos),
        Some(Value::String(kind)) => match blocks.iter().find(|(k, _)| k == kind) {
            Some((_, block)) => block,
            None => return walk.shape(&at, "Must be a valid option", pos),
        },
        Some(_) => return walk.shape(&at, "Must be a string", pos),
    };
    walk.field(&block.schema, part("value"), &join(path, "value"), pos);
}
