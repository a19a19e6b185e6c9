/**
 * The sticky toolbar above the text: block type, marks, alignment, lists, link and insert buttons,
 * an Insert menu for the field's components, and clear formatting. Every button is a registry
 * command; a button is pressed when its command is active and disabled when it cannot apply.
 */
import { useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { Button, Menu, MenuItem, MenuTrigger, Popover, Separator, ToggleButton, Toolbar as AriaToolbar } from 'react-aria-components';
import type { CommandGroup, EditorCommand } from '../commands/command';
import type { InsertItem } from '../insertMenu/insertItems';
import { et } from '../messages';
import type { EditorStore } from '../view/EditorStore';
import { BlockTypePicker } from './BlockTypePicker';
import { EditorIcon, isEditorIconName } from './EditorIcon';
import { shortcutLabel } from './shortcutLabel';

type ToolbarProps = {
  store: EditorStore;
  commands: readonly EditorCommand[];
  /** The field's components, offered in the Insert menu. */
  components: readonly InsertItem[];
  /** The field's components with buttons of their own (`toolbar: true`), by label. */
  toolbarComponents?: readonly InsertItem[];
  /** Present when the editor can fill the window: the Expand/Collapse toggle. */
  view?: { expanded: boolean; onExpandedChange(expanded: boolean): void };
};

function tooltip(command: EditorCommand): string {
  const [key] = command.keys;
  return key === undefined ? command.label : et('shortcut.tooltip', { label: command.label, shortcut: shortcutLabel(key) });
}

function CommandButton({ store, command }: { store: EditorStore; command: EditorCommand }) {
  const state = useSyncExternalStore(store.subscribe, store.getState);
  const icon = isEditorIconName(command.name) ? <EditorIcon name={command.name} /> : command.label;
  const common = {
    className: 'editor-toolbar-button',
    'aria-label': command.label,
    isDisabled: !command.run(state),
  };
  if (command.isActive === undefined) {
    return (
      <Button {...common} onPress={() => store.run(command.run)}>
        <span title={tooltip(command)}>{icon}</span>
      </Button>
    );
  }
  return (
    <ToggleButton {...common} isSelected={command.isActive(state)} onChange={() => store.run(command.run)}>
      <span title={tooltip(command)}>{icon}</span>
    </ToggleButton>
  );
}

const buttonGroups: { groups: CommandGroup[]; label: string; exclude?: string[] }[] = [
  { groups: ['mark'], label: et('format.marks') },
  { groups: ['alignment'], label: et('align.label') },
  { groups: ['list'], label: et('toolbar.lists'), exclude: ['indent', 'outdent'] },
  { groups: ['link', 'insert'], label: et('toolbar.insert') },
  { groups: ['format'], label: et('format.clear') },
];

export function Toolbar({ store, commands, components, toolbarComponents = [], view }: ToolbarProps) {
  const blockTypes = commands.filter((command) => command.group === 'blockType');
  const sections: ReactNode[] = [];
  if (blockTypes.length > 1) sections.push(<BlockTypePicker key="blockType" store={store} commands={blockTypes} />);
  for (const { groups, label, exclude = [] } of buttonGroups) {
    const shown = commands.filter((command) => groups.includes(command.group) && !exclude.includes(command.name));
    if (shown.length === 0) continue;
    sections.push(
      <div key={label} role="group" aria-label={label} className="editor-toolbar-group">
        {shown.map((command) => (
          <CommandButton key={command.name} store={store} command={command} />
        ))}
      </div>,
    );
  }
  if (toolbarComponents.length > 0) {
    sections.push(
      <div key="components" role="group" aria-label={et('toolbar.components')} className="editor-toolbar-group">
        {toolbarComponents.map((item) => (
          <Button key={item.id} className="editor-toolbar-button" onPress={() => store.run(item.run)}>
            <span title={item.description ?? item.label}>{item.label}</span>
          </Button>
        ))}
      </div>,
    );
  }
  // The Insert menu sits apart at the end of the toolbar (see editor.css), without a separator that
  // would start a line of its own when the toolbar wraps.
  const end: ReactNode[] = [];
  if (components.length > 0) {
    end.push(
      <MenuTrigger key="components">
        <Button className="editor-toolbar-button editor-toolbar-menu">
          <EditorIcon name="plus" />
          {et('toolbar.insert')}
        </Button>
        <Popover className="popover">
          <Menu className="menu" items={components} onAction={(id) => runItem(store, components, id)}>
            {(item) => (
              <MenuItem className="menu-item" id={item.id} textValue={item.label}>
                {item.label}
              </MenuItem>
            )}
          </Menu>
        </Popover>
      </MenuTrigger>,
    );
  }
  if (view !== undefined) {
    const label = et(view.expanded ? 'view.collapse' : 'view.expand');
    end.push(
      <ToggleButton
        key="expand"
        className="editor-toolbar-button editor-toolbar-expand"
        aria-label={label}
        isSelected={view.expanded}
        onChange={view.onExpandedChange}
      >
        <span title={label}>
          <EditorIcon name={view.expanded ? 'collapse' : 'expand'} />
        </span>
      </ToggleButton>,
    );
  }
  return (
    <AriaToolbar aria-label={et('toolbar.label')} className="editor-toolbar">
      {sections.flatMap((section, index) =>
        index === 0 ? [section] : [<Separator key={`separator-${index}`} orientation="vertical" className="editor-toolbar-separator" />, section],
      )}
      {end}
    </AriaToolbar>
  );
}

function runItem(store: EditorStore, items: readonly InsertItem[], id: unknown) {
  const item = items.find((candidate) => candidate.id === id);
  if (item !== undefined) store.run(item.run);
}
