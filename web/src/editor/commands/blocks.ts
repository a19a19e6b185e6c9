/** Changing what kind of block the selection is: paragraph, heading, quote, code block. */
import { lift, setBlockType, wrapIn } from 'prosemirror-commands';
import type { Command, EditorState } from 'prosemirror-state';
import { et } from '../messages';
import type { EditorMessageKey } from '../messages';
import { allHeadingLevels } from '../options';
import { headingLevelsAt } from '../schema/childHeadings';
import type { HeadingLevel } from '../options';
import type { EditorCommand } from './command';

/** Whether the selection starts inside a node named `name`. */
export function isInside(state: EditorState, name: string): boolean {
  const { $from } = state.selection;
  for (let depth = $from.depth; depth > 0; depth--) {
    if ($from.node(depth).type.name === name) return true;
  }
  return false;
}

const setParagraph: Command = (state, dispatch) => setBlockType(state.schema.nodes.paragraph!)(state, dispatch);

function headingCommand(level: HeadingLevel): EditorCommand {
  return {
    name: `heading${level}`,
    label: et('block.heading', { level }),
    group: 'blockType',
    keys: [],
    isAvailable: ({ options }) => options.heading.includes(level),
    run: (state, dispatch) => {
      const type = state.schema.nodes.heading;
      // A component block's child field may hold fewer levels than its field.
      if (type === undefined || !headingLevelsAt(state.selection.$from).includes(level)) return false;
      return setBlockType(type, { level })(state, dispatch);
    },
    isActive: (state) => {
      const parent = state.selection.$from.parent;
      return parent.type.name === 'heading' && parent.attrs.level === level;
    },
    insertMenu: { description: et(`describe.heading${level}` as EditorMessageKey) },
  };
}

/** Wraps the selection in a quote, or lifts it out of the quote it is in. */
const toggleBlockquote: Command = (state, dispatch) => {
  const type = state.schema.nodes.blockquote;
  if (type === undefined) return false;
  if (isInside(state, 'blockquote')) return lift(state, dispatch);
  return wrapIn(type)(state, dispatch);
};

/** Turns the selected blocks into a code block, or a code block back into a paragraph. */
const toggleCodeBlock: Command = (state, dispatch) => {
  const type = state.schema.nodes.code_block;
  if (type === undefined) return false;
  if (state.selection.$from.parent.type === type) return setParagraph(state, dispatch);
  return setBlockType(type)(state, dispatch);
};

export const blockCommands: EditorCommand[] = [
  {
    name: 'paragraph',
    label: et('block.paragraph'),
    group: 'blockType',
    keys: [],
    isAvailable: () => true,
    run: setParagraph,
    isActive: (state) => state.selection.$from.parent.type.name === 'paragraph',
  },
  ...allHeadingLevels.map(headingCommand),
  {
    name: 'blockquote',
    label: et('block.quote'),
    group: 'insert',
    keys: [],
    isAvailable: ({ options }) => options.blockquote,
    run: toggleBlockquote,
    isActive: (state) => isInside(state, 'blockquote'),
    insertMenu: { description: et('describe.quote') },
  },
  {
    name: 'codeBlock',
    label: et('block.code'),
    group: 'insert',
    keys: [],
    isAvailable: ({ options }) => options.codeBlock,
    run: toggleCodeBlock,
    isActive: (state) => state.selection.$from.parent.type.name === 'code_block',
    insertMenu: { description: et('describe.code') },
  },
];
