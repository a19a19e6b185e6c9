/**
 * The insert ("/") menu under the slash. The keyboard stays in the text (the plugin handles Up,
 * Down, Enter and Escape), so this is a listbox whose highlighted option is announced through
 * aria-activedescendant on the editor; the mouse can pick an option too.
 */
import { useId, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { et } from '../messages';
import type { EditorStore } from '../view/EditorStore';
import { filterItems } from './insertItems';
import type { InsertItem } from './insertItems';
import { insertMenuKey, runInsertItem } from './insertMenuPlugin';
import { menuGap, menuLeft, opensAbove } from './placement';

/** The menu's width, unless the editor is narrower. */
const menuWidth = 320;

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
  const results = menu === null ? [] : filterItems(items, menu.query, state);
  const activeId = menu !== null && results[menu.index] !== undefined ? `${id}-${menu.index}` : null;

  const element = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const dom = view?.dom;
    if (dom === undefined) return;
    if (activeId === null) dom.removeAttribute('aria-activedescendant');
    else dom.setAttribute('aria-activedescendant', activeId);
    // The highlighted option is scrolled into the menu's own view; the page itself never scrolls.
    const option = document.getElementById(activeId ?? '');
    const list = element.current;
    if (option === null || list === null) return;
    if (option.offsetTop < list.scrollTop) list.scrollTop = option.offsetTop;
    else if (option.offsetTop + option.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = option.offsetTop + option.offsetHeight - list.clientHeight;
    }
  }, [view, activeId]);

  // Above or under the slash, decided once as the menu opens (a menu that jumped while the query
  // narrows it would be hard to follow).
  const [placed, setPlaced] = useState<{ from: number; above: boolean } | null>(null);
  useLayoutEffect(() => {
    if (menu === null || view === null || frame === null || element.current === null) return;
    if (placed !== null && placed.from === menu.from) return;
    const at = view.coordsAtPos(menu.from);
    const toolbar = frame.querySelector('.editor-toolbar')?.getBoundingClientRect();
    const above = opensAbove({
      caretTop: at.top,
      caretBottom: at.bottom,
      menuHeight: element.current.offsetHeight,
      visibleTop: Math.max(0, toolbar?.bottom ?? 0),
      visibleBottom: window.innerHeight,
    });
    setPlaced({ from: menu.from, above });
  }, [menu, view, frame, placed]);

  if (menu === null || view === null || frame === null) return null;
  const at = view.coordsAtPos(menu.from);
  const box = frame.getBoundingClientRect();
  const above = placed !== null && placed.from === menu.from && placed.above;
  // In the frame's padding box, where the menu is positioned.
  const width = Math.min(menuWidth, frame.clientWidth);
  const left = menuLeft(at.left - box.left - frame.clientLeft, frame.clientWidth, width);
  return (
    <div
      ref={element}
      className="editor-insert-menu"
      // Above the slash the menu hangs from its bottom edge, so that it grows upwards.
      style={
        above
          ? { bottom: box.bottom - at.top + menuGap, left, width }
          : { top: at.bottom - box.top + menuGap, left, width }
      }
      role="listbox"
      id={id}
      // A list taller than the menu scrolls: a keyboard can reach it to scroll it as well as the mouse.
      tabIndex={0}
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
