/**
 * Images in the document: the one selected, putting a file in (new, or in place of the selected
 * image's), removing it, and the details dialog's state. The dialog's state lives in the editor
 * state, as the link dialog's does, so undo never sees it and it follows the document's changes.
 */
import type { Node } from 'prosemirror-model';
import { NodeSelection, Plugin, PluginKey } from 'prosemirror-state';
import type { Command, EditorState } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import { isImageExtension, nameExtension } from '../../lib/imagePreview';
import { et } from '../messages';
import { setEditorNotice } from '../notice/notice';
import { pickImageFile, readImageFile } from './imageFiles';
import type { ImageFile } from './imageFiles';
import { freeImageName, uploadName } from './imageName';

/** The image node the selection is on, and where it is. */
export function selectedImage(state: EditorState): { pos: number; node: Node } | null {
  const { selection } = state;
  if (!(selection instanceof NodeSelection) || selection.node.type.name !== 'image') return null;
  return { pos: selection.from, node: selection.node };
}

/**
 * Puts the file in at the selection, as a new image that is then selected. Its name is the upload's,
 * or a free one when another file has it (see freeImageName).
 */
export function insertImage(file: ImageFile): Command {
  return (state, dispatch) => {
    const type = state.schema.nodes.image;
    if (type === undefined || !state.selection.$from.parent.type.contentMatch.matchType(type)) return false;
    if (dispatch) {
      const filename = freeImageName(state, uploadName(state, file.filename), file.bytes);
      const tr = state.tr.replaceSelectionWith(type.create({ src: file.bytes, filename }));
      // The image just inserted sits before the cursor that replaceSelectionWith leaves.
      const at = tr.selection.from - 1;
      dispatch(tr.setSelection(NodeSelection.create(tr.doc, at)).scrollIntoView());
    }
    return true;
  };
}

/** Gives the image at `pos` another file (named as insertImage names it), keeping its alt text and title. */
export function replaceImage(pos: number, file: ImageFile): Command {
  return (state, dispatch) => {
    const node = state.doc.nodeAt(pos);
    if (node === null || node.type.name !== 'image') return false;
    if (dispatch) {
      const filename = freeImageName(state, uploadName(state, file.filename), file.bytes, pos);
      const tr = state.tr.setNodeMarkup(pos, null, { ...node.attrs, src: file.bytes, filename });
      dispatch(tr.setSelection(NodeSelection.create(tr.doc, pos)));
    }
    return true;
  };
}

export const removeImage: Command = (state, dispatch) => {
  const image = selectedImage(state);
  if (image === null) return false;
  if (dispatch) dispatch(state.tr.delete(image.pos, image.pos + image.node.nodeSize).setMeta(imageDialogKey, null));
  return true;
};

/**
 * The toolbar's and insert menu's Image: a file picker, then the chosen file goes in where the
 * cursor is by then. Asked without a view (the toolbar's check), it tells whether an image fits.
 */
export const chooseImage: Command = (state, dispatch, view) => {
  const type = state.schema.nodes.image;
  if (type === undefined || !state.selection.$from.parent.type.contentMatch.matchType(type)) return false;
  if (!dispatch) return true;
  if (view === undefined) return false;
  void pickFile(view, (file) => insertImage(file));
  return true;
};

/** The popover's Choose file: a picker whose file replaces the selected image's. */
export const chooseReplacement: Command = (state, dispatch, view) => {
  const image = selectedImage(state);
  if (image === null) return false;
  if (!dispatch) return true;
  if (view === undefined) return false;
  void pickFile(view, (file) => replaceImage(image.pos, file));
  return true;
};

async function pickFile(view: EditorView, then: (file: ImageFile) => Command): Promise<void> {
  const picked = await pickImageFile();
  if (picked === null || view.isDestroyed) return;
  // The picker offers images, yet its 'All files' lets any file through.
  if (!isImageExtension(nameExtension(picked.name))) {
    setEditorNotice(view, et('image.notImage', { name: picked.name }));
    return;
  }
  then(await readImageFile(picked))(view.state, view.dispatch, view);
  view.focus();
}

/** Where the image whose details the dialog edits is, while it is open. */
export type ImageDialog = { pos: number };

export const imageDialogKey = new PluginKey<ImageDialog | null>('imageDialog');

export const imageDialogPlugin = new Plugin<ImageDialog | null>({
  key: imageDialogKey,
  state: {
    init: () => null,
    apply(tr, value) {
      const meta = tr.getMeta(imageDialogKey) as ImageDialog | null | undefined;
      if (meta !== undefined) return meta;
      if (value === null || !tr.docChanged) return value;
      const mapped = tr.mapping.mapResult(value.pos);
      return mapped.deleted ? null : { pos: mapped.pos };
    },
  },
});

export const openImageDialog: Command = (state, dispatch) => {
  const image = selectedImage(state);
  if (image === null) return false;
  if (dispatch) dispatch(state.tr.setMeta(imageDialogKey, { pos: image.pos }));
  return true;
};

export const closeImageDialog: Command = (state, dispatch) => {
  if (imageDialogKey.getState(state) == null) return false;
  if (dispatch) dispatch(state.tr.setMeta(imageDialogKey, null));
  return true;
};

/** The image details the dialog edits. */
export type ImageDetails = { filename: string; alt: string; title: string };

/**
 * Writes the dialog's details into its image and closes it. A file name another file has is made
 * free as an upload's is, so that renaming never overwrites another image.
 */
export function applyImageDetails(details: ImageDetails): Command {
  return (state, dispatch) => {
    const dialog = imageDialogKey.getState(state);
    const node = dialog == null ? null : state.doc.nodeAt(dialog.pos);
    if (dialog == null || node === null || node.type.name !== 'image') return false;
    if (dispatch) {
      const filename = freeImageName(state, details.filename, node.attrs.src as Uint8Array, dialog.pos);
      const attrs = { ...node.attrs, ...details, filename };
      const tr = state.tr.setNodeMarkup(dialog.pos, null, attrs).setMeta(imageDialogKey, null);
      dispatch(tr.setSelection(NodeSelection.create(tr.doc, dialog.pos)));
    }
    return true;
  };
}
