/**
 * Inserting a block (divider, table, component) at the cursor, the way a writer expects: an empty
 * paragraph is replaced by it, a paragraph is split around it, and the cursor lands after it in an
 * empty paragraph when nothing followed, so that writing goes on below.
 */
import type { Node } from 'prosemirror-model';
import { Selection, TextSelection } from 'prosemirror-state';
import type { Transaction } from 'prosemirror-state';

/** Adds inserting `block` to `tr`; null where it cannot go (in a code block, say). */
export function insertBlock(given: Transaction, block: Node): Transaction | null {
  const tr = given.deleteSelection();
  const { $from } = tr.selection;
  const textblock = $from.parent;
  if (!textblock.isTextblock || textblock.type.spec.code || $from.depth === 0) return null;
  const container = $from.node(-1);
  const index = $from.index(-1);
  if (!container.canReplaceWith(index, index + 1, block.type)) return null;
  const paragraph = tr.doc.type.schema.nodes.paragraph!;

  if (textblock.content.size === 0) {
    const start = $from.before();
    tr.replaceWith(start, $from.after(), [block, paragraph.create()]);
    return tr.setSelection(selectionIn(tr, start, block)).scrollIntoView();
  }
  if ($from.parentOffset === 0) {
    const start = $from.before();
    tr.insert(start, block);
    return tr.setSelection(selectionIn(tr, start, block)).scrollIntoView();
  }
  if ($from.parentOffset === textblock.content.size) {
    const start = $from.after();
    tr.insert(start, [block, paragraph.create()]);
    return tr.setSelection(selectionIn(tr, start, block)).scrollIntoView();
  }
  tr.split($from.pos);
  // The split closes the first half right at the cursor: the block goes between the halves.
  const start = $from.pos + 1;
  tr.insert(start, block);
  return tr.setSelection(selectionIn(tr, start, block)).scrollIntoView();
}

/**
 * Where the cursor goes: into the block when it holds text (a table's first cell), else to the start
 * of the textblock after it.
 */
function selectionIn(tr: Transaction, start: number, block: Node): Selection {
  if (block.inlineContent || block.content.size > 0) {
    const inside = Selection.findFrom(tr.doc.resolve(start + 1), 1, true);
    if (inside !== null && inside.from < start + block.nodeSize) return inside;
  }
  return TextSelection.create(tr.doc, start + block.nodeSize + 1);
}
