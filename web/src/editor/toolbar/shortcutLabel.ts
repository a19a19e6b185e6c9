/** A keymap key name (`Mod-Shift-s`) as the platform writes shortcuts (`⌘⇧S`, `Ctrl+Shift+S`). */
import { et } from '../messages';
import type { EditorMessageKey } from '../messages';

const mac = typeof navigator !== 'undefined' && /Mac|iP(hone|[oa]d)/.test(navigator.platform);

const macSymbols: Record<string, string> = { Mod: '⌘', Shift: '⇧', Alt: '⌥', Ctrl: '⌃' };

/** Modifier keys by the names the reader's keyboard gives them. */
const modifierNames: Record<string, EditorMessageKey> = {
  Mod: 'shortcut.ctrl',
  Ctrl: 'shortcut.ctrl',
  Shift: 'shortcut.shift',
  Alt: 'shortcut.alt',
};

export function shortcutLabel(keys: string): string {
  // The key itself: a letter in capitals (`B`), a named key as named (`Tab`).
  const parts = keys.split('-').map((part, index, all) => (index === all.length - 1 && part.length === 1 ? part.toUpperCase() : part));
  if (mac) return parts.map((part) => macSymbols[part] ?? part).join('');
  return parts
    .map((part, index) => {
      const name = index === parts.length - 1 ? undefined : modifierNames[part];
      return name === undefined ? part : et(name);
    })
    .join('+');
}
