/**
 * Marks repeating components that hold as many children as they may (`data-full`) and children that
 * their component cannot do without (`data-kept`), so that their Add and Remove buttons are not
 * offered. Decorations rather than node views: a child's view is not redrawn when a sibling comes.
 */
import { Decoration, DecorationSet } from 'prosemirror-view';
import { docDecorations } from './docDecorations';
import { editorSchemaOf } from '../schema/createSchema';

export const repeatingBoundsPlugin = docDecorations((doc) => {
  const { components } = editorSchemaOf(doc.type.schema);
  if (![...components.values()].some((component) => component.kind === 'repeating')) return DecorationSet.empty;
  const marks: Decoration[] = [];
  doc.descendants((node, pos) => {
    const component = components.get(node.type.name);
    if (component?.kind === 'repeating') {
      if (component.max !== null && node.childCount >= component.max) {
        marks.push(Decoration.node(pos, pos + node.nodeSize, { 'data-full': '' }));
      }
      if (node.childCount <= component.min) {
        node.forEach((child, offset) => {
          const at = pos + 1 + offset;
          marks.push(Decoration.node(at, at + child.nodeSize, { 'data-kept': '' }));
        });
      }
    }
    return node.isBlock && !node.isTextblock;
  });
  return DecorationSet.create(doc, marks);
});
