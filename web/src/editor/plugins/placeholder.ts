/**
 * Hints in empty places: 'Start writing or press "/" for commands...' in an empty document, and a
 * component's own placeholder (its child field's) in its empty content.
 */
import type { Node } from 'prosemirror-model';
import { Decoration, DecorationSet } from 'prosemirror-view';
import { docDecorations } from './docDecorations';
import { editorSchemaOf } from '../schema/createSchema';
import { et } from '../messages';

function hint(pos: number, paragraph: Node, text: string): Decoration {
  return Decoration.node(pos, pos + paragraph.nodeSize, { class: 'editor-placeholder', 'data-placeholder': text });
}

/** The one empty paragraph of `node`, if that is all it holds. */
function loneEmptyParagraph(node: Node): Node | null {
  const only = node.firstChild;
  return node.childCount === 1 && only?.type.name === 'paragraph' && only.content.size === 0 ? only : null;
}

export const placeholderPlugin = docDecorations((doc) => {
  const empty = loneEmptyParagraph(doc);
  if (empty !== null) return DecorationSet.create(doc, [hint(0, empty, et('editor.placeholder'))]);
  const { components } = editorSchemaOf(doc.type.schema);
  if (![...components.values()].some((component) => component.placeholder)) return DecorationSet.empty;
  const hints: Decoration[] = [];
  doc.descendants((node, pos) => {
    const placeholder = components.get(node.type.name)?.placeholder;
    const paragraph = placeholder ? loneEmptyParagraph(node) : null;
    if (paragraph !== null) hints.push(hint(pos + 1, paragraph, placeholder!));
    return node.isBlock && !node.isTextblock;
  });
  return DecorationSet.create(doc, hints);
});
