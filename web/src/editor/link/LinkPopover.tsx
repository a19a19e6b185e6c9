/** The small toolbar under the link at the cursor: its address, Edit, Unlink, and Open in a new tab. */
import { useSyncExternalStore } from 'react';
import { Button } from 'react-aria-components';
import { et } from '../messages';
import { EditorIcon } from '../toolbar/EditorIcon';
import type { EditorStore } from '../view/EditorStore';
import { linkAt, linkDialogKey, openLinkDialog, removeLink } from './linkDialog';
import { FramePopover } from '../view/FramePopover';

export function LinkPopover({ store, frame }: { store: EditorStore; frame: HTMLElement | null }) {
  const state = useSyncExternalStore(store.subscribe, store.getState);
  const view = store.getView();
  const link = state.selection.empty ? linkAt(state) : null;
  if (link === null || view === null || frame === null || !view.editable || linkDialogKey.getState(state) != null) {
    return null;
  }
  const at = view.coordsAtPos(link.from);
  const box = frame.getBoundingClientRect();
  return (
    <FramePopover frame={frame} top={at.bottom - box.top + 4} left={at.left - box.left}>
      <a className="editor-popover-href" href={link.href} target="_blank" rel="noopener noreferrer" title={et('link.open')}>
        <span>{link.href}</span>
        <EditorIcon name="external" />
      </a>
      <Button className="editor-toolbar-button" aria-label={et('link.edit')} onPress={() => store.run(openLinkDialog)}>
        <EditorIcon name="edit" />
      </Button>
      <Button className="editor-toolbar-button" aria-label={et('link.remove')} onPress={() => store.run(removeLink)}>
        <EditorIcon name="unlink" />
      </Button>
    </FramePopover>
  );
}
