/**
 * The editor's keys: block behaviours first (Enter in a list differs from Enter in a paragraph),
 * then every registry command's keys, then ProseMirror's base keymap. Commands sharing a key are
 * tried in that order until one applies.
 */
import { baseKeymap, chainCommands } from 'prosemirror-commands';
import { keymap } from 'prosemirror-keymap';
import type { Command, Plugin } from 'prosemirror-state';
import type { EditorCommand } from '../commands/command';
import { behaviourKeys } from './behaviours';

export function keymapPlugins(commands: readonly EditorCommand[]): Plugin[] {
  const bindings = new Map<string, Command[]>();
  const bind = (key: string, command: Command) => bindings.set(key, [...(bindings.get(key) ?? []), command]);
  for (const [key, command] of Object.entries(behaviourKeys)) bind(key, command);
  for (const command of commands) for (const key of command.keys) bind(key, command.run);
  const chained = Object.fromEntries([...bindings].map(([key, list]) => [key, chainCommands(...list)]));
  return [keymap(chained), keymap(baseKeymap)];
}
