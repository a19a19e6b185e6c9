/** The hint shown in an empty document: 'Start writing or press "/" for commands...'. */
import { Plugin } from 'prosemirror-state';
import { Decoration, DecorationSet } from 'prosemirror-view';
import { et } from '../messages';

export const placeholderPlugin = new Plugin({
  props: {
    decorations(state) {
      const { doc } = state;
      const only = doc.firstChild;
      if (doc.childCount !== 1 || only?.type.name !== 'paragraph' || only.content.size > 0) return null;
      return DecorationSet.create(doc, [
        Decoration.node(0, only.nodeSize, { class: 'editor-placeholder', 'data-placeholder': et('editor.placeholder') }),
      ]);
    },
  },
});
