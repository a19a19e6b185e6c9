/** Working on the table around the selection: its header row, rows and columns, removing it. */
import type { Command, EditorState } from 'prosemirror-state';
import {
  addColumnAfter,
  addRowAfter,
  deleteColumn,
  deleteRow,
  deleteTable,
  isInTable,
  toggleHeaderRow,
} from 'prosemirror-tables';
import { et } from '../messages';
import type { EditorMessageKey } from '../messages';
import type { EditorCommand } from './command';

/** The table around the selection, or null. */
export function tableAround(state: EditorState): { pos: number; hasHeaderRow: boolean } | null {
  if (!isInTable(state)) return null;
  const { $from } = state.selection;
  for (let depth = $from.depth; depth > 0; depth--) {
    const node = $from.node(depth);
    if (node.type.spec.tableRole === 'table') {
      return { pos: $from.before(depth), hasHeaderRow: node.firstChild?.firstChild?.type.name === 'table_header' };
    }
  }
  return null;
}

function tableCommand(name: string, label: EditorMessageKey, run: Command, isActive?: (state: EditorState) => boolean): EditorCommand {
  return {
    name,
    label: et(label),
    group: 'table',
    keys: [],
    isAvailable: ({ options }) => options.table,
    run: (state, dispatch, view) => isInTable(state) && run(state, dispatch, view),
    ...(isActive === undefined ? {} : { isActive }),
  };
}

export const tableCommands: EditorCommand[] = [
  tableCommand('tableHeaderRow', 'table.headerRow', toggleHeaderRow, (state) => tableAround(state)?.hasHeaderRow === true),
  tableCommand('tableInsertRowBelow', 'table.insertRowBelow', addRowAfter),
  tableCommand('tableInsertColumnRight', 'table.insertColumnRight', addColumnAfter),
  tableCommand('tableDeleteRow', 'table.deleteRow', deleteRow),
  tableCommand('tableDeleteColumn', 'table.deleteColumn', deleteColumn),
  tableCommand('tableRemove', 'table.remove', deleteTable),
];
