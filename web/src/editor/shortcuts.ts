/**
 * The editor's keyboard shortcuts as the admin's shortcut list shows them: each command's first key
 * (the command registry), the keymap's behaviours a person reaches for, and what typing at a line's
 * start turns into (the input rules).
 */
import { allCommands } from './commands/registry';
import { et } from './messages';

/** `keys` are ProseMirror key names (`Mod-b`); see toolbar/shortcutLabel.ts for how they read. */
export type Shortcut = { label: string; keys: string };
export type TypedShortcut = { label: string; typed: string };

export function editorShortcuts(): Shortcut[] {
  const commands = allCommands.flatMap((command) => {
    const [keys] = command.keys;
    return keys === undefined ? [] : [{ label: command.label, keys }];
  });
  return [
    ...commands,
    { label: et('insertMenu.label'), keys: '/' },
    { label: et('shortcut.lineBreak'), keys: 'Shift-Enter' },
    { label: et('shortcut.selectTable'), keys: 'Mod-a' },
    { label: et('shortcut.nextCell'), keys: 'Tab' },
  ];
}

export function typedShortcuts(): TypedShortcut[] {
  return [
    { label: et('block.heading', { level: 1 }), typed: '# ' },
    { label: et('block.heading', { level: 2 }), typed: '## ' },
    { label: et('block.quote'), typed: '> ' },
    { label: et('block.code'), typed: '```' },
    { label: et('block.divider'), typed: '---' },
    { label: et('block.bulletList'), typed: '- ' },
    { label: et('block.orderedList'), typed: '1. ' },
  ];
}
