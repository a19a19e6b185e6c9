/**
 * A document edited together with others (live collaboration): the app binds an editor to a shared
 * copy through plugins (keeping the document in step, drawing the others' carets, and an undo
 * history of one's own changes, which then takes the place of the editor's own).
 */
import type { Node } from 'prosemirror-model';
import { history } from 'prosemirror-history';
import type { EditorState, Plugin } from 'prosemirror-state';

/**
 * The plugins that bind a state whose document is `current` to the shared copy; null when that
 * document cannot be shared (the editor then stays on its own). Where the two differ, `prefer` says
 * which one stays: the shared copy when joining others, the state's own when it was put in from
 * outside (a reset, a paste of a whole entry), which then goes to everyone.
 */
export type SharedBinding = (current: Node, prefer: 'shared' | 'own') => Plugin[] | null;

const ownHistories = new WeakSet<Plugin>();
const sharedPlugins = new WeakSet<Plugin>();

/** The editor's own undo history, which a shared document's replaces. */
export function ownHistory(): Plugin {
  const plugin = history();
  ownHistories.add(plugin);
  return plugin;
}

/** `state` bound through `binding`: its document and selection kept, its plugins those of sharing. */
export function sharedState(state: EditorState, binding: SharedBinding, prefer: 'shared' | 'own'): EditorState {
  const added = binding(state.doc, prefer);
  if (added === null) return state;
  for (const plugin of added) sharedPlugins.add(plugin);
  const kept = state.plugins.filter((plugin) => !ownHistories.has(plugin) && !sharedPlugins.has(plugin));
  return state.reconfigure({ plugins: [...kept, ...added] });
}
