/**
 * A plugin whose decorations follow from the document alone: worked out when the document changes,
 * not on every selection move or redraw.
 */
import type { Node } from 'prosemirror-model';
import { Plugin } from 'prosemirror-state';
import type { DecorationSet } from 'prosemirror-view';

export function docDecorations(decorate: (doc: Node) => DecorationSet): Plugin<DecorationSet> {
  const plugin: Plugin<DecorationSet> = new Plugin<DecorationSet>({
    state: {
      init: (_, state) => decorate(state.doc),
      apply: (tr, decorations) => (tr.docChanged ? decorate(tr.doc) : decorations),
    },
    props: {
      decorations: (state) => plugin.getState(state),
    },
  });
  return plugin;
}
