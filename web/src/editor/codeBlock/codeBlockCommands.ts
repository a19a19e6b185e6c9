/** The code block at the cursor: finding it, setting its language, removing it. */
import type { Command, EditorState } from 'prosemirror-state';

export function codeBlockAround(state: EditorState): { pos: number; language: string } | null {
  const { $from } = state.selection;
  if ($from.parent.type.name !== 'code_block') return null;
  return { pos: $from.before(), language: $from.parent.attrs.language as string };
}

export function setCodeLanguage(language: string): Command {
  return (state, dispatch) => {
    const block = codeBlockAround(state);
    if (block === null) return false;
    if (dispatch && block.language !== language) dispatch(state.tr.setNodeAttribute(block.pos, 'language', language));
    return true;
  };
}

export const removeCodeBlock: Command = (state, dispatch) => {
  const block = codeBlockAround(state);
  const node = block === null ? null : state.doc.nodeAt(block.pos);
  if (block === null || node === null) return false;
  if (dispatch) dispatch(state.tr.delete(block.pos, block.pos + node.nodeSize).scrollIntoView());
  return true;
};
