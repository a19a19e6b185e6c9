/**
 * Undo and redo: the editor's own history, or the history of a plugin that keeps its own (a shared
 * document's, where each person undoes only their own changes), which names its commands in its
 * spec as `history`.
 */
import { redo, undo } from 'prosemirror-history';
import type { Command, EditorState } from 'prosemirror-state';
import { et } from '../messages';
import type { EditorCommand } from './command';

/** What a plugin that keeps the history puts in its spec. */
export type HistorySpec = { history: { undo: Command; redo: Command } };

function historyOf(state: EditorState): HistorySpec['history'] | null {
  for (const plugin of state.plugins) {
    const spec = plugin.spec as Partial<HistorySpec>;
    if (spec.history) return spec.history;
  }
  return null;
}

const run =
  (which: 'undo' | 'redo'): Command =>
  (state, dispatch, view) =>
    (historyOf(state)?.[which] ?? (which === 'undo' ? undo : redo))(state, dispatch, view);

export const historyCommands: EditorCommand[] = [
  { name: 'undo', label: et('history.undo'), group: 'history', keys: ['Mod-z'], isAvailable: () => true, run: run('undo') },
  {
    name: 'redo',
    label: et('history.redo'),
    group: 'history',
    keys: ['Mod-Shift-z', 'Mod-y'],
    isAvailable: () => true,
    run: run('redo'),
  },
];
