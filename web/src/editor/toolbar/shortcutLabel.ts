/** A keymap key name (`Mod-Shift-s`) as the platform writes shortcuts (`⌘⇧S`, `Ctrl+Shift+S`). */
const mac = typeof navigator !== 'undefined' && /Mac|iP(hone|[oa]d)/.test(navigator.platform);

const macSymbols: Record<string, string> = { Mod: '⌘', Shift: '⇧', Alt: '⌥', Ctrl: '⌃' };

export function shortcutLabel(keys: string): string {
  const parts = keys.split('-').map((part, index, all) => (index === all.length - 1 ? part.toUpperCase() : part));
  if (mac) return parts.map((part) => macSymbols[part] ?? part).join('');
  return parts.map((part) => (part === 'Mod' ? 'Ctrl' : part)).join('+');
}
