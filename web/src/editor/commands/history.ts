/** Undo and redo. */
import { redo, undo } from 'prosemirror-history';
import { et } from '../messages';
import type { EditorCommand } from './command';

export const historyCommands: EditorCommand[] = [
  { name: 'undo', label: et('history.undo'), group: 'history', keys: ['Mod-z'], isAvailable: () => true, run: undo },
  {
    name: 'redo',
    label: et('history.redo'),
    group: 'history',
    keys: ['Mod-Shift-z', 'Mod-y'],
    isAvailable: () => true,
    run: redo,
  },
];
