/**
 * The tools of the table the cursor is in, under the table: the Header row toggle, an Options menu
 * for the cell's row and column (Delete row, Delete column, Insert row below, Insert column right,
 * and selecting its row, its column or the table, as the handles do), and Remove.
 */
import { useSyncExternalStore } from 'react';
import { Button, Menu, MenuItem, MenuTrigger, Popover, ToggleButton } from 'react-aria-components';
import type { EditorCommand } from '../commands/command';
import { tableAround } from '../commands/table';
import { et } from '../messages';
import type { EditorStore } from '../view/EditorStore';
import { NodePopover } from '../view/FramePopover';

const cellOptions = [
  'tableDeleteRow',
  'tableDeleteColumn',
  'tableInsertRowBelow',
  'tableInsertColumnRight',
  'tableSelectRow',
  'tableSelectColumn',
  'tableSelect',
];

export function TableToolbar({ store, commands, frame }: { store: EditorStore; commands: readonly EditorCommand[]; frame: HTMLElement | null }) {
  const state = useSyncExternalStore(store.subscribe, store.getState);
  const view = store.getView();
  const table = tableAround(state);
  if (table === null || view === null || frame === null || !view.editable) return null;
  const named = (name: string) => commands.find((command) => command.name === name);
  const header = named('tableHeaderRow');
  const remove = named('tableRemove');
  const options = cellOptions.map(named).filter((command) => command !== undefined);
  return (
    <NodePopover view={view} pos={table.pos} frame={frame} className="editor-table-toolbar">
      {header !== undefined && (
        <ToggleButton className="editor-toolbar-button" isSelected={header.isActive?.(state)} onChange={() => store.run(header.run)}>
          {header.label}
        </ToggleButton>
      )}
      <MenuTrigger>
        <Button className="editor-toolbar-button">{et('table.options')}</Button>
        <Popover className="popover">
          <Menu
            className="menu"
            items={options}
            disabledKeys={options.filter((command) => !command.run(state)).map((command) => command.name)}
            onAction={(key) => {
              const command = options.find((candidate) => candidate.name === key);
              if (command !== undefined) store.run(command.run);
            }}
          >
            {(command) => (
              <MenuItem className="menu-item" id={command.name}>
                {command.label}
              </MenuItem>
            )}
          </Menu>
        </Popover>
      </MenuTrigger>
      {remove !== undefined && (
        <Button className="editor-toolbar-button" onPress={() => store.run(remove.run)}>
          {remove.label}
        </Button>
      )}
    </NodePopover>
  );
}
