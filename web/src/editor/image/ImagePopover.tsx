/**
 * The small toolbar under the selected image: Choose file, Edit image details, and Remove; kept inside
 * the editor near its right edge.
 */
import { useSyncExternalStore } from 'react';
import { Button } from 'react-aria-components';
import { et } from '../messages';
import { EditorIcon } from '../toolbar/EditorIcon';
import type { EditorStore } from '../view/EditorStore';
import { FramePopover } from '../view/FramePopover';
import { chooseReplacement, imageDialogKey, openImageDialog, removeImage, selectedImage } from './imageCommands';

export function ImagePopover({ store, frame }: { store: EditorStore; frame: HTMLElement | null }) {
  const state = useSyncExternalStore(store.subscribe, store.getState);
  const view = store.getView();
  const image = selectedImage(state);
  if (image === null || view === null || frame === null || !view.editable || imageDialogKey.getState(state) != null) {
    return null;
  }
  const dom = view.nodeDOM(image.pos);
  const at = dom instanceof HTMLElement ? dom.getBoundingClientRect() : view.coordsAtPos(image.pos);
  const box = frame.getBoundingClientRect();
  return (
    <FramePopover frame={frame} top={at.bottom - box.top + 4} left={at.left - box.left} right={at.right - box.left}>
      <Button className="editor-toolbar-button" onPress={() => store.run(chooseReplacement)}>
        {et('image.choose')}
      </Button>
      <Button className="editor-toolbar-button" aria-label={et('image.edit')} onPress={() => store.run(openImageDialog)}>
        <EditorIcon name="edit" />
      </Button>
      <Button className="editor-toolbar-button" onPress={() => store.run(removeImage)}>
        {et('image.remove')}
      </Button>
    </FramePopover>
  );
}
