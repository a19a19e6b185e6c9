/**
 * Links: finding the link at the cursor, adding, changing and removing one, and whether the link
 * dialog is open. The dialog's state lives in the editor state (not in React), so that commands from
 * the keymap and the toolbar open it alike and undo never sees it.
 */
import type { MarkType } from 'prosemirror-model';
import { Plugin, PluginKey } from 'prosemirror-state';
import type { Command, EditorState } from 'prosemirror-state';

/** What the link dialog edits: a range and, for an existing link, its address. */
export type LinkDialog = { from: number; to: number; href: string | null };

export const linkDialogKey = new PluginKey<LinkDialog | null>('linkDialog');

export const linkDialogPlugin = new Plugin<LinkDialog | null>({
  key: linkDialogKey,
  state: {
    init: () => null,
    apply(tr, value) {
      const meta = tr.getMeta(linkDialogKey) as LinkDialog | null | undefined;
      if (meta !== undefined) return meta;
      if (value === null || !tr.docChanged) return value;
      return { ...value, from: tr.mapping.map(value.from, 1), to: tr.mapping.map(value.to, -1) };
    },
  },
});

/** The extent and address of the link at the cursor (or the selection's start), or null. */
export function linkAt(state: EditorState): { from: number; to: number; href: string } | null {
  const type = state.schema.marks.link;
  if (type === undefined) return null;
  const { $from } = state.selection;
  const parent = $from.parent;
  const hasLink = (index: number) => index >= 0 && index < parent.childCount && type.isInSet(parent.child(index).marks);
  // Inside a text node the cursor touches one node; between two, the one after wins.
  const around = $from.textOffset > 0 ? [$from.index()] : [$from.index(), $from.index() - 1];
  const index = around.find(hasLink);
  if (index === undefined) return null;
  const mark = type.isInSet(parent.child(index).marks)!;
  // Neighbouring text nodes with the same link (a bold word inside it) make up one link.
  let first = index;
  let last = index;
  while (first > 0 && mark.isInSet(parent.child(first - 1).marks)) first--;
  while (last < parent.childCount - 1 && mark.isInSet(parent.child(last + 1).marks)) last++;
  let from = $from.start();
  for (let i = 0; i < first; i++) from += parent.child(i).nodeSize;
  let to = from;
  for (let i = first; i <= last; i++) to += parent.child(i).nodeSize;
  return { from, to, href: mark.attrs.href as string };
}

function linkType(state: EditorState): MarkType | undefined {
  return state.schema.marks.link;
}

/** Opens the dialog for the link at the cursor ('Edit link') or for the selection ('Add link'). */
export const openLinkDialog: Command = (state, dispatch) => {
  if (linkType(state) === undefined) return false;
  if (dispatch) {
    const link = linkAt(state);
    const dialog: LinkDialog =
      link === null ? { from: state.selection.from, to: state.selection.to, href: null } : link;
    dispatch(state.tr.setMeta(linkDialogKey, dialog));
  }
  return true;
};

export const closeLinkDialog: Command = (state, dispatch) => {
  if (linkDialogKey.getState(state) == null) return false;
  if (dispatch) dispatch(state.tr.setMeta(linkDialogKey, null));
  return true;
};

/** Gives the dialog's range the address: an empty range gets the address as its text. */
export function applyLink(href: string): Command {
  return (state, dispatch) => {
    const type = linkType(state);
    const dialog = linkDialogKey.getState(state) ?? { from: state.selection.from, to: state.selection.to, href: null };
    if (type === undefined) return false;
    if (dispatch) {
      const tr = state.tr.setMeta(linkDialogKey, null);
      const mark = type.create({ href });
      if (dialog.from === dialog.to) {
        tr.insert(dialog.from, state.schema.text(href, [mark]));
      } else {
        tr.removeMark(dialog.from, dialog.to, type).addMark(dialog.from, dialog.to, mark);
      }
      dispatch(tr.scrollIntoView());
    }
    return true;
  };
}

/** Removes the link at the cursor, or every link in the selection. */
export const removeLink: Command = (state, dispatch) => {
  const type = linkType(state);
  if (type === undefined) return false;
  const { from, to, empty } = state.selection;
  const range = empty ? linkAt(state) : state.doc.rangeHasMark(from, to, type) ? { from, to } : null;
  if (range === null) return false;
  if (dispatch) dispatch(state.tr.removeMark(range.from, range.to, type).setMeta(linkDialogKey, null));
  return true;
};

/** mod+k: a link at the selection is removed; otherwise the dialog opens to add one. */
export const toggleLink: Command = (state, dispatch, view) => {
  const type = linkType(state);
  if (type === undefined) return false;
  const { from, to, empty } = state.selection;
  const hasLink = empty ? linkAt(state) !== null : state.doc.rangeHasMark(from, to, type);
  return hasLink ? removeLink(state, dispatch, view) : openLinkDialog(state, dispatch, view);
};
