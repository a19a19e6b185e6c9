/** Inserting dividers and tables. */
import type { Command } from 'prosemirror-state';
import { et } from '../messages';
import type { EditorCommand } from './command';
import { insertBlock } from './insertBlock';

const insertDivider: Command = (state, dispatch) => {
  const type = state.schema.nodes.divider;
  const tr = type === undefined ? null : insertBlock(state.tr, type.create());
  if (tr === null) return false;
  if (dispatch) dispatch(tr);
  return true;
};

/** A new table has 3 columns: one row of header cells and two rows of cells. */
const insertTable: Command = (state, dispatch) => {
  const { table, table_row: row, table_header: header, table_cell: cell } = state.schema.nodes;
  if (table === undefined || row === undefined || header === undefined || cell === undefined) return false;
  const rowOf = (type: typeof cell) => row.create(null, [1, 2, 3].map(() => type.createAndFill()!));
  const tr = insertBlock(state.tr, table.create(null, [rowOf(header), rowOf(cell), rowOf(cell)]));
  if (tr === null) return false;
  if (dispatch) dispatch(tr);
  return true;
};

export const insertCommands: EditorCommand[] = [
  {
    name: 'divider',
    label: et('block.divider'),
    group: 'insert',
    keys: [],
    isAvailable: ({ options }) => options.divider,
    run: insertDivider,
    insertMenu: { description: et('describe.divider') },
  },
  {
    name: 'table',
    label: et('block.table'),
    group: 'insert',
    keys: [],
    isAvailable: ({ options }) => options.table,
    run: insertTable,
    insertMenu: { description: et('describe.table') },
  },
];
