/**
 * The layout at the cursor: inserting one, switching its columns, unwrapping and removing it. The
 * toolbar's Layout button toggles: it inserts the field's first layout, or unwraps the one the
 * cursor is in, its areas' blocks one after the other.
 */
import type { Node } from 'prosemirror-model';
import { TextSelection } from 'prosemirror-state';
import type { Command, EditorState } from 'prosemirror-state';
import type { EditorCommand } from '../commands/command';
import { insertBlock } from '../commands/insertBlock';
import { et } from '../messages';
import { editorSchemaOf } from '../schema/createSchema';
import { fitAreas, fitLayouts } from './layoutAreas';

export type LayoutAt = { pos: number; node: Node };

/** The innermost layout around the cursor, or null. */
export function layoutAround(state: EditorState): LayoutAt | null {
  const { $from } = state.selection;
  for (let depth = $from.depth; depth > 0; depth--) {
    const node = $from.node(depth);
    if (node.type.name === 'layout_grid') return { pos: $from.before(depth), node };
  }
  return null;
}

export function insertLayout(layout: readonly number[]): Command {
  return (state, dispatch) => {
    const type = state.schema.nodes.layout_grid;
    if (type === undefined) return false;
    const node = type.create({ layout: [...layout] }, fitAreas([], layout.length, state.schema));
    const tr = insertBlock(state.tr, node);
    if (tr === null) return false;
    if (dispatch) dispatch(tr);
    return true;
  };
}

const unwrapLayout: Command = (state, dispatch) => {
  const at = layoutAround(state);
  if (at === null) return false;
  if (dispatch) {
    const blocks: Node[] = [];
    at.node.forEach((area) => area.forEach((block) => blocks.push(block)));
    // The cursor keeps its place in the text: each area before it took two tokens, the layout one.
    const { $from } = state.selection;
    const depth = state.doc.resolve(at.pos + 1).depth;
    const cursor = $from.pos - 2 - 2 * $from.index(depth);
    const tr = state.tr.replaceWith(at.pos, at.pos + at.node.nodeSize, blocks);
    dispatch(tr.setSelection(TextSelection.near(tr.doc.resolve(cursor))).scrollIntoView());
  }
  return true;
};

export const toggleLayout: Command = (state, dispatch, view) => {
  if (layoutAround(state) !== null) return unwrapLayout(state, dispatch, view);
  const [first] = editorSchemaOf(state.schema).options.layouts;
  return first !== undefined && insertLayout(first)(state, dispatch, view);
};

/** Switches the layout at the cursor to other columns; areas are added or merged to fit. */
export function setLayout(layout: readonly number[]): Command {
  return (state, dispatch) => {
    const at = layoutAround(state);
    if (at === null) return false;
    if (dispatch) {
      const tr = state.tr.setNodeAttribute(at.pos, 'layout', [...layout]);
      dispatch(fitLayouts(tr) ?? tr);
    }
    return true;
  };
}

export const removeLayout: Command = (state, dispatch) => {
  const at = layoutAround(state);
  if (at === null) return false;
  if (dispatch) dispatch(state.tr.delete(at.pos, at.pos + at.node.nodeSize).scrollIntoView());
  return true;
};

/** How a layout is named to its writers: its column widths, `1:1`. */
export function layoutName(layout: readonly number[]): string {
  return layout.join(':');
}

export const layoutEditorCommands: EditorCommand[] = [
  {
    name: 'layout',
    label: et('block.layout'),
    group: 'insert',
    keys: [],
    isAvailable: ({ options }) => options.layouts.length > 0,
    run: toggleLayout,
    isActive: (state) => layoutAround(state) !== null,
    insertMenu: { description: et('describe.layout') },
  },
];
