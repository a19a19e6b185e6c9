/** The link command: mod+k adds a link through the dialog, or removes the one at the selection. */
import { linkAt, toggleLink } from '../link/linkDialog';
import { et } from '../messages';
import type { EditorCommand } from './command';

export const linkCommands: EditorCommand[] = [
  {
    name: 'link',
    label: et('link.toggle'),
    group: 'link',
    keys: ['Mod-k'],
    isAvailable: ({ options }) => options.link,
    run: toggleLink,
    isActive: (state) => {
      const type = state.schema.marks.link;
      const { from, to, empty } = state.selection;
      return type !== undefined && (empty ? linkAt(state) !== null : state.doc.rangeHasMark(from, to, type));
    },
  },
];
