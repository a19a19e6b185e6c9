/** Aligning paragraphs and headings: start (the default), center, end. */
import type { Command, EditorState } from 'prosemirror-state';
import { et } from '../messages';
import { editorSchemaOf } from '../schema/createSchema';
import type { TextAlign } from '../schema/nodes';
import type { EditorCommand } from './command';

const alignable = new Set(['paragraph', 'heading']);

function setAlign(textAlign: TextAlign): Command {
  return (state, dispatch) => {
    const { from, to } = state.selection;
    const targets: number[] = [];
    const { components } = editorSchemaOf(state.schema);
    state.doc.nodesBetween(from, to, (node, pos, parent) => {
      // The line of a one-line component is written without alignment: it has none to give.
      const oneLine = parent !== null && components.get(parent.type.name)?.kind === 'inlineWrapper';
      if (alignable.has(node.type.name) && !oneLine) targets.push(pos);
      return !node.isTextblock;
    });
    if (targets.length === 0) return false;
    if (dispatch) {
      const tr = state.tr;
      for (const pos of targets) tr.setNodeAttribute(pos, 'textAlign', textAlign);
      dispatch(tr);
    }
    return true;
  };
}

function alignOf(state: EditorState): TextAlign {
  const parent = state.selection.$from.parent;
  return alignable.has(parent.type.name) ? (parent.attrs.textAlign as TextAlign) : null;
}

function alignCommand(name: string, textAlign: TextAlign, label: 'align.start' | 'align.center' | 'align.end'): EditorCommand {
  return {
    name,
    label: et(label),
    group: 'alignment',
    keys: [],
    isAvailable: ({ options }) => options.alignment && (textAlign === null || options.alignTo.includes(textAlign)),
    run: setAlign(textAlign),
    isActive: (state) => alignOf(state) === textAlign,
  };
}

export const alignmentCommands: EditorCommand[] = [
  alignCommand('alignStart', null, 'align.start'),
  alignCommand('alignCenter', 'center', 'align.center'),
  alignCommand('alignEnd', 'end', 'align.end'),
];
