/** The editor's message (see notice.ts), announced as it appears. */
import { useSyncExternalStore } from 'react';
import { Button } from 'react-aria-components';
import { et } from '../messages';
import type { EditorStore } from '../view/EditorStore';
import { editorNoticeKey, setEditorNotice } from './notice';

export function EditorNotice({ store }: { store: EditorStore }) {
  const state = useSyncExternalStore(store.subscribe, store.getState);
  const message = editorNoticeKey.getState(state) ?? null;
  const view = store.getView();
  return (
    <div className="editor-notice-region" role="alert">
      {message !== null && view !== null && (
        <div className="editor-notice">
          <span>{message}</span>
          <Button
            className="editor-notice-dismiss"
            onPress={() => {
              setEditorNotice(view, null);
              view.focus();
            }}
          >
            {et('notice.dismiss')}
          </Button>
        </div>
      )}
    </div>
  );
}
