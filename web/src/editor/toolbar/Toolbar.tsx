/**
 * The sticky toolbar above the text: block type, marks, alignment, lists, link and insert buttons,
 * the field's own component buttons, and clear formatting; then the Insert menu of the field's
 * components and Expand. Every button is a registry command; a button is pressed when its command is
 * active and disabled when it cannot apply. The toolbar is one row at every width: the groups that
 * do not fit go into a 'More formatting' menu, the least used first (see `useFitting`).
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import {
  Button,
  Menu,
  MenuItem,
  MenuSection,
  MenuTrigger,
  Popover,
  Separator,
  ToggleButton,
  Toolbar as AriaToolbar,
} from 'react-aria-components';
import type { EditorState } from 'prosemirror-state';
import type { CommandGroup, EditorCommand } from '../commands/command';
import type { InsertItem } from '../insertMenu/insertItems';
import { et } from '../messages';
import { restoreFocusEvent } from '../view/EditorStore';
import type { EditorStore } from '../view/EditorStore';
import { Tip } from '../../ui/Tip';
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
      <Tip label={tooltip(command)}>
        <Button {...common} onPress={() => store.run(command.run)}>
          {icon}
        </Button>
      </Tip>
    );
  }
  return (
    <Tip label={tooltip(command)}>
      <ToggleButton {...common} isSelected={command.isActive(state)} onChange={() => store.run(command.run)}>
        {icon}
      </ToggleButton>
    </Tip>
  );
}

/** `keep`: the higher, the longer a group stays on the row when room runs out. */
const buttonGroups: { groups: CommandGroup[]; label: string; exclude?: string[]; keep: number }[] = [
  { groups: ['mark'], label: et('format.marks'), keep: 5 },
  { groups: ['alignment'], label: et('align.label'), keep: 1 },
  { groups: ['list'], label: et('toolbar.lists'), exclude: ['indent', 'outdent'], keep: 3 },
  { groups: ['link', 'insert'], label: et('toolbar.insert'), keep: 2 },
  { groups: ['format'], label: et('format.clear'), keep: 0 },
];
/** The site's own buttons (`toolbar: true`) stay after the marks. */
const KEEP_COMPONENTS = 4;

/** What a group is in the 'More formatting' menu: its actions, by name. */
type MenuAction = { id: string; label: string; isActive?(state: EditorState): boolean; canRun(state: EditorState): boolean; run(): void };

/**
 * A part of the toolbar's row; `actions` are what it offers once it moved into the menu (null: it
 * always stays), `keep` how long it stays (see `buttonGroups`).
 */
type Section = { key: string; label: string; node: ReactNode; actions: MenuAction[] | null; keep: number };

export function Toolbar({ store, commands, components, toolbarComponents = [], view }: ToolbarProps) {
  const blockTypes = commands.filter((command) => command.group === 'blockType');
  const sections: Section[] = [];
  // The block type stays: its choices are a menu already.
  if (blockTypes.length > 1) {
    const node = <BlockTypePicker store={store} commands={blockTypes} />;
    sections.push({ key: 'blockType', label: et('block.type'), node, actions: null, keep: Infinity });
  }
  for (const { groups, label, exclude = [], keep } of buttonGroups) {
    const shown = commands.filter((command) => groups.includes(command.group) && !exclude.includes(command.name));
    if (shown.length === 0) continue;
    sections.push({
      key: label,
      label,
      keep,
      node: (
        <div role="group" aria-label={label} className="editor-toolbar-group">
          {shown.map((command) => (
            <CommandButton key={command.name} store={store} command={command} />
          ))}
        </div>
      ),
      actions: shown.map((command) => ({
        id: command.name,
        label: tooltip(command),
        isActive: command.isActive,
        canRun: (state) => command.run(state),
        run: () => store.run(command.run),
      })),
    });
  }
  if (toolbarComponents.length > 0) {
    sections.push({
      key: 'components',
      label: et('toolbar.components'),
      node: (
        <div role="group" aria-label={et('toolbar.components')} className="editor-toolbar-group">
          {toolbarComponents.map((item) => (
            <Tip key={item.id} label={item.description ?? item.label}>
              <Button className="editor-toolbar-button" onPress={() => store.run(item.run)}>
                {item.label}
              </Button>
            </Tip>
          ))}
        </div>
      ),
      actions: toolbarComponents.map((item) => ({ id: item.id, label: item.label, canRun: (state) => item.run(state), run: () => store.run(item.run) })),
      keep: KEEP_COMPONENTS,
    });
  }
  const { toolbar, measure, end: endRef, hidden: hiddenKeys, element } = useFitting(sections);
  const textAfterMenu = useTextAfterMenu(store, element);
  // The Insert menu and Expand stay at the end of the row.
  const end: ReactNode[] = [];
  if (components.length > 0) {
    end.push(
      <MenuTrigger key="components">
        <Button className="editor-toolbar-button editor-toolbar-menu">
          <EditorIcon name="plus" />
          {et('toolbar.insert')}
        </Button>
        <Popover className="popover">
          <Menu
            className="menu"
            items={components}
            onAction={(id) => {
              textAfterMenu();
              runItem(store, components, id);
            }}
          >
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
      <Tip key="expand" label={label}>
        <ToggleButton className="editor-toolbar-button" aria-label={label} isSelected={view.expanded} onChange={view.onExpandedChange}>
          <EditorIcon name={view.expanded ? 'collapse' : 'expand'} />
        </ToggleButton>
      </Tip>,
    );
  }
  const hidden = sections.filter((section) => hiddenKeys.has(section.key));
  return (
    <AriaToolbar aria-label={et('toolbar.label')} className="editor-toolbar" ref={toolbar}>
      {sections.filter((section) => !hiddenKeys.has(section.key)).map((section, index) => (
        <div key={section.key} className="editor-toolbar-section" ref={measure(section.key)}>
          {index > 0 && <Separator orientation="vertical" className="editor-toolbar-separator" />}
          {section.node}
        </div>
      ))}
      {hidden.length > 0 && <MoreMenu store={store} sections={hidden} onAction={textAfterMenu} />}
      <div className="editor-toolbar-end" ref={endRef}>
        {end}
      </div>
    </AriaToolbar>
  );
}

/** The groups that did not fit on the row, each a section of one menu. */
function MoreMenu({ store, sections, onAction }: { store: EditorStore; sections: Section[]; onAction(): void }) {
  const state = useSyncExternalStore(store.subscribe, store.getState);
  const groups = sections.filter((section) => section.actions !== null);
  const disabled = groups.flatMap((section) => section.actions!.filter((action) => !action.canRun(state)).map((action) => action.id));
  const label = et('toolbar.more');
  return (
    <MenuTrigger>
      <Tip label={label}>
        <Button className="editor-toolbar-button editor-toolbar-more" aria-label={label}>
          <EditorIcon name="more" />
        </Button>
      </Tip>
      <Popover className="popover">
        <Menu className="menu" aria-label={label} disabledKeys={disabled}>
          {groups.map((section) => (
            <MenuSection key={section.key} className="menu-section" aria-label={section.label}>
              {section.actions!.map((action) => (
                <MenuItem
                  key={action.id}
                  id={action.id}
                  className="menu-item"
                  textValue={action.label}
                  onAction={() => {
                    onAction();
                    action.run();
                  }}
                >
                  <span className="menu-item-check" aria-hidden="true">
                    {action.isActive?.(state) === true ? '✓' : ''}
                  </span>
                  {action.label}
                </MenuItem>
              ))}
            </MenuSection>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

/** Room kept for the 'More formatting' button, and the row's gap. */
const MORE_WIDTH = 34;
const GAP = 4;

/**
 * Which sections go into the menu for the rest to fit on the toolbar's row beside its end: the
 * least kept first. Each section is measured while it shows (all of them at first, and any new
 * one), and the choice follows the toolbar's width.
 */
function useFitting(sections: readonly { key: string; keep: number }[]) {
  const widths = useRef(new Map<string, number>());
  const [row, setRow] = useState<{ toolbar: HTMLElement | null; end: HTMLElement | null }>({ toolbar: null, end: null });
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  // The sections are made anew at each render; they are fitted again only when they change.
  const latest = useRef(sections);
  useLayoutEffect(() => {
    latest.current = sections;
  });
  const signature = sections.map((section) => `${section.key}:${section.keep}`).join('|');

  const measure = useCallback(
    (key: string) => (element: HTMLElement | null) => {
      if (element !== null) widths.current.set(key, element.getBoundingClientRect().width);
    },
    [],
  );
  const toolbar = useCallback((element: HTMLElement | null) => setRow((current) => ({ ...current, toolbar: element })), []);
  const end = useCallback((element: HTMLElement | null) => setRow((current) => ({ ...current, end: element })), []);

  useLayoutEffect(() => {
    const { toolbar: element, end: endElement } = row;
    if (element === null) return;
    const all = latest.current;
    const fit = () => {
      // Sections not measured yet: show them all once, to measure them.
      if (all.some(({ key }) => !widths.current.has(key))) {
        setHidden(new Set());
        return;
      }
      const style = getComputedStyle(element);
      const room = element.clientWidth - parseFloat(style.paddingInlineStart) - parseFloat(style.paddingInlineEnd);
      const endWidth = endElement === null || endElement.childElementCount === 0 ? 0 : endElement.getBoundingClientRect().width + GAP;
      const width = (keys: string[]) => keys.reduce((sum, key) => sum + widths.current.get(key)! + GAP, -GAP);
      let shown = all.map(({ key }) => key);
      const going = all
        .filter(({ keep }) => keep !== Infinity)
        .sort((a, b) => a.keep - b.keep)
        .map(({ key }) => key);
      const moreWidth = () => (shown.length < all.length ? GAP + MORE_WIDTH : 0);
      while (going.length > 0 && width(shown) + moreWidth() + endWidth > room) {
        const key = going.shift()!;
        shown = shown.filter((candidate) => candidate !== key);
      }
      const next = all.map(({ key }) => key).filter((key) => !shown.includes(key));
      setHidden((current) => (current.size === next.length && next.every((key) => current.has(key)) ? current : new Set(next)));
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    return () => observer.disconnect();
  }, [row, signature]);

  return { toolbar, measure, end, hidden, element: row.toolbar };
}

/**
 * A menu of the toolbar gives the focus back to its button as it closes; after one of its actions
 * ran (a table put in, a mark set), the writer goes on in the text instead. Call what this answers
 * as an action runs; closing without one (Escape) leaves the focus on the button.
 */
function useTextAfterMenu(store: EditorStore, toolbar: HTMLElement | null) {
  const acted = useRef(false);
  useEffect(() => {
    if (toolbar === null) return;
    const restore = (event: Event) => {
      if (!acted.current) return;
      acted.current = false;
      event.preventDefault();
      store.getView()?.focus();
    };
    toolbar.addEventListener(restoreFocusEvent, restore);
    return () => toolbar.removeEventListener(restoreFocusEvent, restore);
  }, [store, toolbar]);
  return useCallback(() => void (acted.current = true), []);
}

function runItem(store: EditorStore, items: readonly InsertItem[], id: unknown) {
  const item = items.find((candidate) => candidate.id === id);
  if (item !== undefined) store.run(item.run);
}
