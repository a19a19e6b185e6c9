/** The Image command: the toolbar's and insert menu's way to put a file from the picker in the text. */
import { chooseImage } from '../image/imageCommands';
import { et } from '../messages';
import type { EditorCommand } from './command';

export const imageCommands: EditorCommand[] = [
  {
    name: 'image',
    label: et('block.image'),
    group: 'insert',
    keys: [],
    isAvailable: ({ options }) => options.image !== null,
    run: chooseImage,
    insertMenu: { description: et('describe.image') },
  },
];
