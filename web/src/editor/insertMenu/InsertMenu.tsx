/**
 * The insert ("/") menu under the slash. The keyboard stays in the text (the plugin handles Up,
 * Down, Enter and Escape), so this is a listbox whose highlighted option is announced through
 * aria-activedescendant on the editor; the mouse can pick an option too.
 */
import { useId, useLayoutEffect, useSyncExternalStore } from 'react';
import { et } from '../messages';
import type { EditorStore } from '../view/EditorStore';
import { filterItems } from './insertItems';
import type { InsertItem } from './insertItems';
import { insertMenuKey, runInsertItem } from './insertMenuPlugin';

type InsertMenuProps = {
  store: EditorStore;
  items: readonly InsertItem[];
  /** The element the menu is positioned in (the editor's frame). */
  frame: HTMLElement | null;
};

export function InsertMenu({ store, items, frame }: InsertMenuProps) {
  const state = useSyncExternalStore(store.subscribe, store.getState);
  const id = useId();
  const menu = insertMenuKey.getState(state) ?? null;
  const view = store.getView();
  const results = menu === null ? [] : filterItems(items, menu.query);
  const activeId = menu !== null && results[menu.index] !== undefined ? `${id}-${menu.index}` : null;

  useLayoutEffect(() => {
    const dom = view?.dom;
    if (dom === undefined) return;
    if (activeId === null) dom.removeAttribute('aria-activedescendant');
    else dom.setAttribute('aria-activedescendant', activeId);
    document.getElementById(activeId ?? '')?.scrollIntoView({ block: 'nearest' });
  }, [view, activeId]);

  if (menu === null || view === null || frame === null) return null;
  const at = view.coordsAtPos(menu.from);
  const box = frame.getBoundingClientRect();
  return (
    <div
      className="editor-insert-menu"
      style={{ top: at.bottom - box.top + 4, left: at.left - box.left }}
      role="listbox"
      id={id}
      aria-label={et('insertMenu.label')}
    >
      {results.length === 0 && <div className="editor-insert-menu-empty">{et('insertMenu.empty')}</div>}
      {results.map((item, index) => (
        <div
          key={item.id}
          id={`${id}-${index}`}
          role="option"
          aria-selected={index === menu.index}
          className="editor-insert-menu-item"
          // The text keeps the focus: a click must not move it before the item runs.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => runInsertItem(view, item)}
        >
          <span className="editor-insert-menu-label">{item.label}</span>
          {item.description !== null && <span className="editor-insert-menu-description">{item.description}</span>}
        </div>
      ))}
    </div>
  );
}
