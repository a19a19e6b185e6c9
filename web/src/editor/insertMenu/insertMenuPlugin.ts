/**
 * The insert menu's state: typing "/" at the start of a block or after whitespace opens it; the
 * text typed after the slash filters it, spaces included ('/heading 2'); Up and Down move through
 * the results (wrapping), Enter inserts, Escape closes. It closes by itself when a space follows the
 * slash or a query nothing matches (it was text after all), when the slash is deleted, or when the
 * cursor leaves the query.
 */
import { Plugin, PluginKey, TextSelection } from 'prosemirror-state';
import type { EditorState } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import { filterItems } from './insertItems';
import type { InsertItem } from './insertItems';

export type InsertMenuState = {
  /** Position of the slash. */
  from: number;
  query: string;
  /** The highlighted result. */
  index: number;
};

type Meta = { open: number } | { close: true } | { index: number };

export const insertMenuKey = new PluginKey<InsertMenuState | null>('insertMenu');

/** The slash and the query after it, or null when that range no longer is one. */
function readQuery(state: EditorState, from: number, items: readonly InsertItem[]): string | null {
  const { selection, doc } = state;
  if (!selection.empty || from >= doc.content.size) return null;
  const $from = doc.resolve(from);
  const head = selection.head;
  if (head <= from || head > $from.end() || doc.textBetween(from, from + 1) !== '/') return null;
  const query = doc.textBetween(from + 1, head, '\n', '\ufffc');
  if (/^\s|[\n\ufffc]/.test(query)) return null;
  return /\s$/.test(query) && filterItems(items, query, state).length === 0 ? null : query;
}

export function insertMenuPlugin(items: readonly InsertItem[]): Plugin<InsertMenuState | null> {
  return new Plugin<InsertMenuState | null>({
    key: insertMenuKey,
    state: {
      init: () => null,
      apply(tr, value, _old, state) {
        const meta = tr.getMeta(insertMenuKey) as Meta | undefined;
        if (meta !== undefined && 'close' in meta) return null;
        if (meta !== undefined && 'open' in meta) return { from: meta.open, query: '', index: 0 };
        if (value === null) return null;
        const from = tr.mapping.map(value.from);
        const query = readQuery(state, from, items);
        if (query === null) return null;
        const index = meta !== undefined && 'index' in meta ? meta.index : query === value.query ? value.index : 0;
        return { from, query, index };
      },
    },
    props: {
      handleTextInput(view, from, to, text) {
        if (text !== '/' || insertMenuKey.getState(view.state) !== null) return false;
        const $from = view.state.doc.resolve(from);
        if (!$from.parent.isTextblock || $from.parent.type.spec.code) return false;
        const before = $from.parent.textBetween(0, $from.parentOffset, undefined, '\ufffc');
        if (before !== '' && !/\s$/.test(before)) return false;
        view.dispatch(view.state.tr.insertText('/', from, to).setMeta(insertMenuKey, { open: from }));
        return true;
      },
      handleKeyDown(view, event) {
        const menu = insertMenuKey.getState(view.state);
        if (menu == null) return false;
        const results = filterItems(items, menu.query, view.state);
        const move = (by: number) => {
          if (results.length === 0) return true;
          const index = (menu.index + by + results.length) % results.length;
          view.dispatch(view.state.tr.setMeta(insertMenuKey, { index }));
          return true;
        };
        switch (event.key) {
          case 'ArrowDown':
            return move(1);
          case 'ArrowUp':
            return move(-1);
          case 'Escape':
            view.dispatch(view.state.tr.setMeta(insertMenuKey, { close: true }));
            return true;
          case 'Enter': {
            const item = results[menu.index];
            if (item === undefined) return false;
            runInsertItem(view, item);
            return true;
          }
          default:
            return false;
        }
      },
    },
  });
}

/** Removes the slash and its query, then runs the item there. */
export function runInsertItem(view: EditorView, item: InsertItem): void {
  const menu = insertMenuKey.getState(view.state);
  if (menu != null) {
    const tr = view.state.tr.delete(menu.from, view.state.selection.head).setMeta(insertMenuKey, { close: true });
    view.dispatch(tr.setSelection(TextSelection.create(tr.doc, menu.from)));
  }
  item.run(view.state, view.dispatch, view);
  view.focus();
}
