/** Toggling inline marks, and clearing them. */
import { toggleMark } from 'prosemirror-commands';
import type { MarkType } from 'prosemirror-model';
import type { Command, EditorState } from 'prosemirror-state';
import { et } from '../messages';
import type { EditorMessageKey } from '../messages';
import type { EditorCommand } from './command';

/** Whether the selection (or, when empty, the text typed next) has `type`. */
export function isMarkActive(state: EditorState, type: MarkType | undefined): boolean {
  if (type === undefined) return false;
  const { from, to, empty, $from } = state.selection;
  if (empty) return type.isInSet(state.storedMarks ?? $from.marks()) !== undefined;
  return state.doc.rangeHasMark(from, to, type);
}

function markCommand(markName: string, label: EditorMessageKey, keys: string[] = []): EditorCommand {
  return {
    name: markName,
    label: et(label),
    group: 'mark',
    keys,
    isAvailable: ({ schema }) => schema.marks[markName] !== undefined,
    run: (state, dispatch) => {
      const type = state.schema.marks[markName];
      return type !== undefined && toggleMark(type)(state, dispatch);
    },
    isActive: (state) => isMarkActive(state, state.schema.marks[markName]),
  };
}

/** Removes every mark but links (a link is content, not formatting) from the selection. */
const clearFormatting: Command = (state, dispatch) => {
  const { from, to, empty } = state.selection;
  const types = Object.values(state.schema.marks).filter((type) => type.name !== 'link');
  if (empty) {
    if (dispatch) dispatch(state.tr.setStoredMarks([]));
    return true;
  }
  if (dispatch) {
    const tr = state.tr;
    for (const type of types) tr.removeMark(from, to, type);
    dispatch(tr.scrollIntoView());
  }
  return true;
};

export const markCommands: EditorCommand[] = [
  markCommand('bold', 'mark.bold', ['Mod-b']),
  markCommand('italic', 'mark.italic', ['Mod-i']),
  markCommand('underline', 'mark.underline', ['Mod-u']),
  markCommand('strikethrough', 'mark.strikethrough', ['Mod-Shift-s']),
  markCommand('code', 'mark.code', ['Mod-e', 'Mod-`']),
  markCommand('superscript', 'mark.superscript'),
  markCommand('subscript', 'mark.subscript'),
  markCommand('keyboard', 'mark.keyboard'),
  {
    name: 'clearFormatting',
    label: et('format.clear'),
    group: 'format',
    keys: ['Mod-\\'],
    isAvailable: () => true,
    run: clearFormatting,
  },
];
