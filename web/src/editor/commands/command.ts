/**
 * An editor command as data: what it is called, which keys run it, whether the field allows it, and
 * how to run it. The toolbar, the insert menu, the keymap and the tests all read the one registry
 * (`registry.ts`), so a command behaves the same wherever it is used.
 */
import type { Command, EditorState } from 'prosemirror-state';
import type { EditorSchema } from '../schema/createSchema';

export type CommandGroup = 'history' | 'blockType' | 'mark' | 'format' | 'alignment' | 'list' | 'insert' | 'link' | 'table';

export type EditorCommand = {
  /** Stable identifier, e.g. `bold`, `heading2`, `insertTable`. */
  name: string;
  /** What the toolbar and menus call it. */
  label: string;
  group: CommandGroup;
  /** ProseMirror key names (`Mod-b`); the first is shown in tooltips. */
  keys: readonly string[];
  /** Whether the field's schema has what the command needs. */
  isAvailable(editorSchema: EditorSchema): boolean;
  /** Runs the command; without `dispatch`, tells whether it can run now. */
  run: Command;
  /** Whether the selection already has what the command applies (a pressed toolbar button). */
  isActive?(state: EditorState): boolean;
  /** Present when the command is offered in the insert ("/") menu. */
  insertMenu?: { description: string };
};
