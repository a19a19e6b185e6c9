/**
 * A message the editor gives about something it refused (a file that is no image): held in the
 * editor's state, shown above the text until it is dismissed or the document changes.
 */
import { Plugin, PluginKey } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';

export const editorNoticeKey = new PluginKey<string | null>('editorNotice');

export const editorNoticePlugin = new Plugin<string | null>({
  key: editorNoticeKey,
  state: {
    init: () => null,
    apply: (tr, message) => {
      const meta = tr.getMeta(editorNoticeKey) as { message: string | null } | undefined;
      if (meta !== undefined) return meta.message;
      return tr.docChanged ? null : message;
    },
  },
});

/** Shows `message` (null: dismisses the one shown). */
export function setEditorNotice(view: EditorView, message: string | null): void {
  view.dispatch(view.state.tr.setMeta(editorNoticeKey, { message }));
}
