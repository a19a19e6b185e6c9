/**
 * Handles on the edges of the table the cursor is in: one above the cursor's column (Select column),
 * one before its row (Select row), and one at the table's corner (Select table). They are for the
 * pointer; the keyboard has the same in the table's Options menu, and Mod-a.
 */
import { useSyncExternalStore } from 'react';
import type { CSSProperties } from 'react';
import type { Command } from 'prosemirror-state';
import { cellAround } from 'prosemirror-tables';
import type { EditorCommand } from '../commands/command';
import { tableAround } from '../commands/table';
import type { EditorStore } from '../view/EditorStore';

/** A handle's thickness and its gap to the table, in pixels. */
const HANDLE = 10;
const GAP = 2;

type TableHandlesProps = { store: EditorStore; commands: readonly EditorCommand[]; frame: HTMLElement | null };

export function TableHandles({ store, commands, frame }: TableHandlesProps) {
  const state = useSyncExternalStore(store.subscribe, store.getState);
  const view = store.getView();
  const table = tableAround(state);
  const $cell = cellAround(state.selection.$from);
  if (table === null || $cell === null || view === null || frame === null || !view.editable) return null;
  const tableDom = view.nodeDOM(table.pos);
  const cellDom = view.nodeDOM($cell.pos);
  if (!(tableDom instanceof HTMLElement) || !(cellDom instanceof HTMLElement)) return null;
  const named = (name: string) => commands.find((command) => command.name === name);
  const box = frame.getBoundingClientRect();
  const at = tableDom.getBoundingClientRect();
  const cell = cellDom.getBoundingClientRect();
  // In the frame's coordinates: the handles sit just outside the table's top edge and its start edge
  // (the left one, the right one in right-to-left text).
  const rtl = getComputedStyle(tableDom).direction === 'rtl';
  const above = at.top - box.top - HANDLE - GAP;
  const beside = rtl ? at.right - box.left + GAP : at.left - box.left - HANDLE - GAP;
  const handle = (name: string, className: string, style: CSSProperties) => {
    const command = named(name);
    if (command === undefined) return null;
    return (
      <button
        type="button"
        className={`editor-table-handle ${className}`}
        style={style}
        aria-label={command.label}
        title={command.label}
        // The text keeps the focus: a press must not move it before the selection is made.
        tabIndex={-1}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => run(store, command.run)}
      />
    );
  };
  return (
    <>
      {handle('tableSelectColumn', 'editor-table-handle-column', { top: above, left: cell.left - box.left, width: cell.width, height: HANDLE })}
      {handle('tableSelectRow', 'editor-table-handle-row', { top: cell.top - box.top, left: beside, width: HANDLE, height: cell.height })}
      {handle('tableSelect', 'editor-table-handle-corner', { top: above, left: beside, width: HANDLE, height: HANDLE })}
    </>
  );
}

function run(store: EditorStore, command: Command) {
  store.run(command);
  store.getView()?.focus();
}
