/**
 * Image files pasted or dropped into the text: the first file whose type is image/* goes in (at the
 * cursor, or where it was dropped), when the field has images; other files are left to the browser.
 */
import { Plugin, Selection } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import { insertImage } from './imageCommands';
import { firstImage, readImageFile } from './imageFiles';

function takeImage(view: EditorView, files: FileList | null | undefined, at: number | null): boolean {
  const file = firstImage(files);
  if (file === null || view.state.schema.nodes.image === undefined) return false;
  void readImageFile(file).then((image) => {
    if (view.isDestroyed) return;
    let { state } = view;
    if (at !== null && at <= state.doc.content.size) {
      view.dispatch(state.tr.setSelection(Selection.near(state.doc.resolve(at))));
      state = view.state;
    }
    insertImage(image)(state, view.dispatch, view);
  });
  return true;
}

export const imagePastePlugin = new Plugin({
  props: {
    handlePaste: (view, event) => takeImage(view, event.clipboardData?.files, null),
    handleDrop(view, event) {
      const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos ?? null;
      return takeImage(view, event.dataTransfer?.files, at);
    },
  },
});
