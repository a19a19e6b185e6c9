/**
 * Under the heading the cursor is in, when the field gives headings props (`heading.schema`): the
 * 'Heading options' button, which edits them in the props dialog.
 */
import { useSyncExternalStore } from 'react';
import { Button } from 'react-aria-components';
import { openComponentDialog } from '../componentEditing/componentDialog';
import { et } from '../messages';
import { editorSchemaOf } from '../schema/createSchema';
import type { EditorStore } from '../view/EditorStore';
import { NodePopover } from '../view/FramePopover';

export function HeadingToolbar({ store, frame }: { store: EditorStore; frame: HTMLElement | null }) {
  const state = useSyncExternalStore(store.subscribe, store.getState);
  const view = store.getView();
  const { $from } = state.selection;
  if ($from.parent.type.name !== 'heading' || view === null || frame === null || !view.editable) return null;
  if (!editorSchemaOf(state.schema).nodeProps.has('heading')) return null;
  const pos = $from.before();
  return (
    <NodePopover view={view} pos={pos} frame={frame} label={et('heading.tools')}>
      <Button className="editor-toolbar-button" onPress={() => store.run(openComponentDialog(pos))}>
        {et('heading.options')}
      </Button>
    </NodePopover>
  );
}
