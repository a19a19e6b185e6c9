/** Working on the table around the selection: its header row, rows and columns, removing it. */
import type { Command, EditorState } from 'prosemirror-state';
import { addColumnAfter, addRowAfter, cellAround, CellSelection, deleteColumn, deleteRow, deleteTable, isInTable, TableMap } from 'prosemirror-tables';
import { et } from '../messages';
import type { EditorMessageKey } from '../messages';
import type { EditorCommand } from './command';

/** The table around the selection, or null; it has a header row when its first row is all header cells. */
export function tableAround(state: EditorState): { pos: number; hasHeaderRow: boolean } | null {
  if (!isInTable(state)) return null;
  const { $from } = state.selection;
  for (let depth = $from.depth; depth > 0; depth--) {
    const node = $from.node(depth);
    if (node.type.spec.tableRole === 'table') {
      let hasHeaderRow = node.firstChild !== null && node.firstChild.childCount > 0;
      node.firstChild?.forEach((cell) => {
        if (cell.type.name !== 'table_header') hasHeaderRow = false;
      });
      return { pos: $from.before(depth), hasHeaderRow };
    }
  }
  return null;
}

/**
 * The Header row toggle: the table's first row (wherever the cursor is) turns from cells into
 * header cells or back. Only the first row is ever a header row.
 */
const toggleHeaderRow: Command = (state, dispatch) => {
  const table = tableAround(state);
  const node = table === null ? null : state.doc.nodeAt(table.pos);
  const { table_header: header, table_cell: cell } = state.schema.nodes;
  const first = node?.firstChild;
  if (table === null || first == null || header === undefined || cell === undefined) return false;
  if (dispatch) {
    const type = table.hasHeaderRow ? cell : header;
    const tr = state.tr;
    // Past the table's and the row's opening tokens; changing a cell's type keeps every size.
    first.forEach((child, offset) => tr.setNodeMarkup(table.pos + 2 + offset, type, child.attrs));
    dispatch(tr);
  }
  return true;
};

/** Selects the cells of the row (`row`) or column (`column`) of the cell the selection starts in. */
function selectCells(line: 'row' | 'column'): Command {
  return (state, dispatch) => {
    const $cell = cellAround(state.selection.$from);
    if ($cell === null) return false;
    if (dispatch) dispatch(state.tr.setSelection(line === 'row' ? CellSelection.rowSelection($cell) : CellSelection.colSelection($cell)));
    return true;
  };
}

/** Selects every cell of the table around the selection (Mod-a in a table, the table's corner handle). */
export const selectTable: Command = (state, dispatch) => {
  const table = tableAround(state);
  const node = table === null ? null : state.doc.nodeAt(table.pos);
  if (table === null || node === null) return false;
  const cells = TableMap.get(node).map;
  const start = table.pos + 1;
  if (dispatch) dispatch(state.tr.setSelection(CellSelection.create(state.doc, start + cells[0]!, start + cells[cells.length - 1]!)));
  return true;
};

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
  tableCommand('tableSelectRow', 'table.selectRow', selectCells('row')),
  tableCommand('tableSelectColumn', 'table.selectColumn', selectCells('column')),
  tableCommand('tableSelect', 'table.select', selectTable),
];
