/**
 * What Enter, Backspace, Tab and friends do in each kind of block (spec §4): they are behaviours of
 * the document, not commands anyone picks from a menu, so they live here rather than in the registry.
 */
import {
  chainCommands,
  createParagraphNear,
  lift,
  liftEmptyBlock,
  newlineInCode,
  splitBlock,
} from 'prosemirror-commands';
import { undoInputRule } from 'prosemirror-inputrules';
import { liftListItem, splitListItem } from 'prosemirror-schema-list';
import { TextSelection } from 'prosemirror-state';
import type { Command, EditorState } from 'prosemirror-state';
import { CellSelection, goToNextCell } from 'prosemirror-tables';
import { selectTable } from '../commands/table';
import { codeFence } from '../inputRules/blockRules';

/** The name of the node holding the textblock at the selection's start. */
function containerName(state: EditorState): string | undefined {
  const { $from } = state.selection;
  return $from.depth > 0 ? $from.node(-1).type.name : undefined;
}

/** Three backticks and a language, then Enter: the paragraph becomes a code block. */
const fenceOnEnter: Command = (state, dispatch) => {
  const { $from, empty } = state.selection;
  const type = state.schema.nodes.code_block;
  if (!empty || type === undefined || $from.parent.type.name !== 'paragraph') return false;
  const match = codeFence.exec($from.parent.textContent);
  if (match === null || $from.parentOffset !== $from.parent.content.size) return false;
  if (dispatch) {
    const start = $from.start();
    dispatch(state.tr.delete(start, $from.end()).setBlockType(start, start, type, { language: match[1] ?? '' }));
  }
  return true;
};

/** Enter on the empty last line of a code block leaves it for a paragraph below. */
const exitCodeOnEmptyLastLine: Command = (state, dispatch) => {
  const { $from, empty } = state.selection;
  if (!empty || !$from.parent.type.spec.code) return false;
  const text = $from.parent.textContent;
  if ($from.parentOffset !== text.length || !text.endsWith('\n')) return false;
  if (dispatch) {
    const tr = state.tr.delete($from.pos - 1, $from.pos);
    const after = tr.mapping.map($from.after());
    tr.insert(after, state.schema.nodes.paragraph!.create());
    dispatch(tr.setSelection(TextSelection.create(tr.doc, after + 1)).scrollIntoView());
  }
  return true;
};

/** Enter in an empty list item lifts it out of the list (or out one level). */
const liftEmptyListItem: Command = (state, dispatch) => {
  const { $from, empty } = state.selection;
  const item = state.schema.nodes.list_item;
  if (!empty || item === undefined || $from.parent.content.size > 0 || containerName(state) !== 'list_item') return false;
  return liftListItem(item)(state, dispatch);
};

/** Enter on an empty line of a quote leaves the quote. */
const liftEmptyQuoteLine: Command = (state, dispatch) => {
  const { $from, empty } = state.selection;
  if (!empty || $from.parent.content.size > 0 || containerName(state) !== 'blockquote') return false;
  return lift(state, dispatch);
};

const splitItem: Command = (state, dispatch) => {
  const item = state.schema.nodes.list_item;
  return item !== undefined && splitListItem(item)(state, dispatch);
};

/** Backspace at the very start of a list item or a quote lifts the block out of it. */
const liftAtStart: Command = (state, dispatch) => {
  const { $from, empty } = state.selection;
  if (!empty || $from.parentOffset > 0 || !$from.parent.isTextblock || $from.index(-1) > 0) return false;
  const container = containerName(state);
  const item = state.schema.nodes.list_item;
  if (container === 'list_item' && item !== undefined) return liftListItem(item)(state, dispatch);
  if (container === 'blockquote') return lift(state, dispatch);
  return false;
};

const hardBreak: Command = (state, dispatch) => {
  const type = state.schema.nodes.hard_break!;
  if (state.selection.$from.parent.type.spec.code) return false;
  if (dispatch) dispatch(state.tr.replaceSelectionWith(type.create()).scrollIntoView());
  return true;
};

/** mod+a inside a table selects the table (a second mod+a, the whole document). */
/** Mod-a in a table selects the table; once it is selected, the whole document (the default). */
const selectWholeTable: Command = (state, dispatch, view) => state.selection instanceof CellSelection ? false : selectTable(state, dispatch, view);

export const behaviourKeys: Record<string, Command> = {
  Enter: chainCommands(
    fenceOnEnter,
    exitCodeOnEmptyLastLine,
    newlineInCode,
    liftEmptyListItem,
    splitItem,
    liftEmptyQuoteLine,
    createParagraphNear,
    liftEmptyBlock,
    splitBlock,
  ),
  Backspace: chainCommands(undoInputRule, liftAtStart),
  Tab: goToNextCell(1),
  'Shift-Tab': goToNextCell(-1),
  'Shift-Enter': hardBreak,
  'Mod-Enter': hardBreak,
  'Mod-a': selectWholeTable,
};
