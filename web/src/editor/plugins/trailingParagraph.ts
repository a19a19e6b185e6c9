/**
 * The document always ends with a paragraph, so there is always somewhere to click and type after a
 * table, a list or a component. Markdoc writes no text for an empty paragraph, so this never
 * changes what is saved.
 */
import type { Node } from 'prosemirror-model';
import { Plugin } from 'prosemirror-state';
import type { Transaction } from 'prosemirror-state';

function needsParagraph(doc: Node): boolean {
  return doc.lastChild?.type.name !== 'paragraph';
}

/** Adds the trailing paragraph to `tr` when its document lacks one. */
export function ensureTrailingParagraph(tr: Transaction): Transaction {
  if (needsParagraph(tr.doc)) tr.insert(tr.doc.content.size, tr.doc.type.schema.nodes.paragraph!.create());
  return tr;
}

export const trailingParagraphPlugin = new Plugin({
  appendTransaction(transactions, _old, state) {
    if (!transactions.some((tr) => tr.docChanged) || !needsParagraph(state.doc)) return null;
    return ensureTrailingParagraph(state.tr).setMeta('addToHistory', false);
  },
});
