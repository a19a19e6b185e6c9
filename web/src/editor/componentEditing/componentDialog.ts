/**
 * Which component's props are being edited ('Edit {label}'), kept in the editor state so that the
 * component's own Edit button (a node view) and React's dialog agree without a channel of their own.
 */
import { Plugin, PluginKey, Selection } from 'prosemirror-state';
import type { Command } from 'prosemirror-state';
import type { EditorComponent, PropsValue } from '../components';

/**
 * The position of the component node (or of the text carrying the component mark); `fresh`: it was
 * just inserted, and Cancel takes it out again.
 */
export type ComponentDialog = { pos: number; fresh?: boolean };

export const componentDialogKey = new PluginKey<ComponentDialog | null>('componentDialog');

export const componentDialogPlugin = new Plugin<ComponentDialog | null>({
  key: componentDialogKey,
  state: {
    init: () => null,
    apply(tr, value) {
      const meta = tr.getMeta(componentDialogKey) as ComponentDialog | null | undefined;
      if (meta !== undefined) return meta;
      if (value === null || !tr.docChanged) return value;
      const mapped = tr.mapping.mapResult(value.pos);
      return mapped.deleted ? null : { pos: mapped.pos };
    },
  },
});

export function openComponentDialog(pos: number): Command {
  return (state, dispatch) => {
    if (dispatch) dispatch(state.tr.setMeta(componentDialogKey, { pos }));
    return true;
  };
}

/** Closes the dialog without saving: a component inserted just now for it goes again. */
export const cancelComponentDialog: Command = (state, dispatch) => {
  const dialog = componentDialogKey.getState(state);
  const node = dialog?.fresh === true ? state.doc.nodeAt(dialog.pos) : null;
  if (dispatch) {
    const tr = state.tr.setMeta(componentDialogKey, null);
    dispatch(node == null ? tr : tr.delete(dialog!.pos, dialog!.pos + node.nodeSize));
  }
  return true;
};

/** Gives the component at the dialog's position new props and closes the dialog. */
export function saveComponentProps(props: PropsValue): Command {
  return (state, dispatch) => {
    const dialog = componentDialogKey.getState(state);
    const node = dialog == null ? null : state.doc.nodeAt(dialog.pos);
    if (dialog == null || node === null) return false;
    if (dispatch) dispatch(state.tr.setNodeAttribute(dialog.pos, 'props', props).setMeta(componentDialogKey, null));
    return true;
  };
}

/** Appends a fresh `child` to the repeating component at `pos`, with the cursor in it. */
export function addChildComponent(pos: number, child: EditorComponent): Command {
  return (state, dispatch) => {
    const parent = state.doc.nodeAt(pos);
    const type = state.schema.nodes[child.name];
    const node = type?.createAndFill({ props: child.props.defaultValue() });
    if (parent === null || node == null || !parent.canReplaceWith(parent.childCount, parent.childCount, node.type)) return false;
    if (dispatch) {
      const at = pos + parent.nodeSize - 1;
      const tr = state.tr.insert(at, node);
      // In the new child's text, or the child itself when it has none.
      dispatch(tr.setSelection(Selection.findFrom(tr.doc.resolve(at), 1) ?? Selection.near(tr.doc.resolve(at))).scrollIntoView());
    }
    return true;
  };
}

/** Removes the component node at `pos`, unless its parent needs it (a repeating component's minimum). */
export function removeComponent(pos: number): Command {
  return (state, dispatch) => {
    const node = state.doc.nodeAt(pos);
    const $pos = state.doc.resolve(pos);
    if (node === null || !$pos.parent.canReplace($pos.index(), $pos.index() + 1)) return false;
    if (dispatch) dispatch(state.tr.delete(pos, pos + node.nodeSize).scrollIntoView());
    return true;
  };
}
