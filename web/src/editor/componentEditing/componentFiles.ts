/**
 * Image files pasted or dropped into the text that a component takes (Keystatic's `handleFile`: a
 * cloud image block, whose image the content field uploads first). The editor only asks and
 * inserts: what takes a file, and how, is the content field's (`TakeFile`). A file nothing takes is
 * left to the editor's own images (image/imagePastePlugin.ts), as in Keystatic.
 */
import { Selection } from 'prosemirror-state';
import type { EditorProps, EditorView } from 'prosemirror-view';
import { insertBlock } from '../commands/insertBlock';
import type { TakeFile } from '../components';
import { firstImage } from '../image/imageFiles';

function take(view: EditorView, takeFile: TakeFile | undefined, files: FileList | null | undefined, at: number | null): boolean {
  const file = firstImage(files);
  const taken = file === null || takeFile === undefined || !view.editable ? null : takeFile(file);
  if (taken === null) return false;
  void taken.props.then(
    (props) => {
      if (view.isDestroyed) return;
      const node = view.state.schema.nodes[taken.component]?.createAndFill({ props });
      if (node == null) return;
      let { state } = view;
      // Where it was dropped, if that place is still in the text; else at the cursor.
      if (at !== null && at <= state.doc.content.size) {
        view.dispatch(state.tr.setSelection(Selection.near(state.doc.resolve(at))));
        state = view.state;
      }
      const tr = insertBlock(state.tr, node);
      if (tr !== null) view.dispatch(tr);
    },
    // The content field said why (a toast); the text stays as it was.
    () => {},
  );
  return true;
}

/**
 * The view's own paste and drop handlers, which run before any plugin's; `takeFile` is asked as each
 * file comes (the person may have signed in to the cloud since the editor opened).
 */
export function componentFileProps(takeFile: () => TakeFile | undefined): Pick<EditorProps, 'handlePaste' | 'handleDrop'> {
  return {
    handlePaste: (view, event) => take(view, takeFile(), event.clipboardData?.files, null),
    handleDrop(view, event) {
      const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos ?? null;
      return take(view, takeFile(), event.dataTransfer?.files, at);
    },
  };
}
