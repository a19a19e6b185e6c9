/** Typographic replacements, applied when a space is typed after them: `...` → `…`, `->` → `→`… */
import { InputRule } from 'prosemirror-inputrules';

// Longer arrows come before the shorter ones they end with, and both before the en dash.
const replacements: [typed: string, replacement: string][] = [
  ['...', '…'],
  ['-->', '→'],
  ['->', '→'],
  ['<--', '←'],
  ['<-', '←'],
  ['--', '–'],
  ['(c)', '©'],
  ['(r)', '®'],
  ['(tm)', '™'],
];

export const textReplacementRules: InputRule[] = replacements.map(
  ([typed, replacement]) =>
    new InputRule(
      new RegExp(`${typed.replace(/[.()]/g, '\\$&')}(\\s)$`),
      (state, match, start, end) => state.tr.insertText(replacement + match[1]!, start, end),
      { inCodeMark: false },
    ),
);
