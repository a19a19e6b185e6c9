/** The toolbar's block type dropdown: Paragraph, then the headings the field allows, those that cannot apply here disabled. */
import { useSyncExternalStore } from 'react';
import { Button, ListBox, ListBoxItem, Popover, Select, SelectValue } from 'react-aria-components';
import type { EditorCommand } from '../commands/command';
import { et } from '../messages';
import type { EditorStore } from '../view/EditorStore';
import { EditorIcon } from './EditorIcon';

export function BlockTypePicker({ store, commands }: { store: EditorStore; commands: readonly EditorCommand[] }) {
  const state = useSyncExternalStore(store.subscribe, store.getState);
  const active = commands.find((command) => command.isActive?.(state));
  const isDisabled = !commands.some((command) => command.run(state));
  // What cannot apply here (a heading level a component's child field does not hold) is shown, not offered.
  const disabledKeys = commands.filter((command) => command !== active && !command.run(state)).map((command) => command.name);
  return (
    <Select
      className="editor-block-type"
      aria-label={et('block.type')}
      selectedKey={active?.name ?? null}
      isDisabled={isDisabled}
      disabledKeys={disabledKeys}
      onSelectionChange={(key) => {
        const command = commands.find((candidate) => candidate.name === key);
        if (command !== undefined) store.run(command.run);
      }}
    >
      <Button className="editor-block-type-button">
        <SelectValue className="editor-block-type-value">
          {({ isPlaceholder, defaultChildren }) => (isPlaceholder ? et('block.type') : defaultChildren)}
        </SelectValue>
        <EditorIcon name="chevronDown" />
      </Button>
      <Popover className="popover">
        <ListBox className="listbox" items={commands}>
          {(command) => (
            <ListBoxItem className="listbox-item" id={command.name} textValue={command.label}>
              {command.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}
