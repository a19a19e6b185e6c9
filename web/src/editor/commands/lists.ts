/** Making, unmaking and nesting lists. */
import type { NodeType } from 'prosemirror-model';
import { liftListItem, sinkListItem, wrapInList } from 'prosemirror-schema-list';
import type { Command, EditorState } from 'prosemirror-state';
import { et } from '../messages';
import type { EditorCommand } from './command';

/** The innermost list around the selection's start, with its position. */
export function listAround(state: EditorState): { type: NodeType; pos: number } | null {
  const { $from } = state.selection;
  for (let depth = $from.depth; depth > 0; depth--) {
    const node = $from.node(depth);
    if (node.type.name === 'ordered_list' || node.type.name === 'unordered_list') {
      return { type: node.type, pos: $from.before(depth) };
    }
  }
  return null;
}

/**
 * In a list of this type: lifts the selected items out of it. In a list of the other type: turns
 * that list into this type. Elsewhere: wraps the selected blocks in a new list.
 */
function toggleList(typeName: 'ordered_list' | 'unordered_list'): Command {
  return (state, dispatch) => {
    const type = state.schema.nodes[typeName];
    const item = state.schema.nodes.list_item;
    if (type === undefined || item === undefined) return false;
    const around = listAround(state);
    if (around === null) return wrapInList(type)(state, dispatch);
    if (around.type === type) return liftListItem(item)(state, dispatch);
    if (dispatch) dispatch(state.tr.setNodeMarkup(around.pos, type, typeName === 'ordered_list' ? { start: 1 } : {}));
    return true;
  };
}

const withItem =
  (command: (item: NodeType) => Command): Command =>
  (state, dispatch) => {
    const item = state.schema.nodes.list_item;
    return item !== undefined && command(item)(state, dispatch);
  };

export const listCommands: EditorCommand[] = [
  {
    name: 'orderedList',
    label: et('block.orderedList'),
    group: 'list',
    keys: [],
    isAvailable: ({ options }) => options.orderedList,
    run: toggleList('ordered_list'),
    isActive: (state) => listAround(state)?.type.name === 'ordered_list',
    insertMenu: { description: et('describe.orderedList') },
  },
  {
    name: 'bulletList',
    label: et('block.bulletList'),
    group: 'list',
    keys: [],
    isAvailable: ({ options }) => options.unorderedList,
    run: toggleList('unordered_list'),
    isActive: (state) => listAround(state)?.type.name === 'unordered_list',
    insertMenu: { description: et('describe.bulletList') },
  },
  {
    name: 'indent',
    label: et('list.indent'),
    group: 'list',
    keys: ['Tab'],
    isAvailable: ({ options }) => options.orderedList || options.unorderedList,
    run: withItem(sinkListItem),
  },
  {
    name: 'outdent',
    label: et('list.outdent'),
    group: 'list',
    keys: ['Shift-Tab'],
    isAvailable: ({ options }) => options.orderedList || options.unorderedList,
    run: withItem(liftListItem),
  },
];
