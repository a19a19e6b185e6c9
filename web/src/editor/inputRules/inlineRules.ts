/**
 * Markdown shortcuts inside text: `**bold**` and `__bold__`, `*italic*` and `_italic_`,
 * `~~strikethrough~~`, `` `code` ``, and `[text](url)` when links are on. Each applies when its
 * closing marker is typed, as in Keystatic.
 */
import { InputRule } from 'prosemirror-inputrules';
import type { MarkType, Node } from 'prosemirror-model';
import type { EditorSchema } from '../schema/createSchema';

const markShortcuts: [mark: string, markers: string[]][] = [
  ['bold', ['**', '__']],
  ['italic', ['*', '_']],
  ['strikethrough', ['~~']],
  ['code', ['`']],
];

function escape(text: string): string {
  return text.replace(/[|\\{}()[\]^$+*?.]/g, '\\$&');
}

/** Whether the textblock holding the range takes the mark (a code block takes none). */
function allowsMark(doc: Node, from: number, type: MarkType): boolean {
  return doc.resolve(from).parent.type.allowsMarkType(type);
}

/**
 * The typed text is not in the document yet when a rule runs: the document holds the match minus
 * what was typed, from `start` to `end`.
 */
function typedLength(match: RegExpMatchArray, start: number, end: number): number {
  return match[0].length - (end - start);
}

function markRule(type: MarkType, marker: string): InputRule {
  const first = escape(marker[0]!);
  // Underscores need a word boundary before them (snake_case stays text); a single star must not be
  // the second star of a bold marker.
  const before = marker[0] === '_' ? '(?:^|\\s)' : marker === '*' ? '(?:^|[^\\*])' : '';
  const pattern = new RegExp(
    `${before}${escape(marker)}([^${first}\\s]|(?:[^${first}\\s].*[^\\s]))${escape(marker)}$`,
  );
  return new InputRule(
    pattern,
    (state, match, start, end) => {
      const content = match[1]!;
      const openStart = end + typedLength(match, start, end) - content.length - marker.length * 2;
      const contentStart = openStart + marker.length;
      const contentEnd = contentStart + content.length;
      if (!allowsMark(state.doc, openStart, type)) return null;
      return state.tr
        .delete(contentEnd, end)
        .addMark(contentStart, contentEnd, type.create())
        .delete(openStart, contentStart)
        .removeStoredMark(type);
    },
    { inCodeMark: false },
  );
}

function linkRule(type: MarkType): InputRule {
  return new InputRule(
    /(?:^|[^!])\[(.*)\]\((.*)\)$/,
    (state, match, start, end) => {
      const [, text = '', href = ''] = match;
      if (text === '' || href === '') return null;
      const linkStart = end + typedLength(match, start, end) - href.length - text.length - 4;
      const textEnd = linkStart + 1 + text.length;
      if (!allowsMark(state.doc, linkStart, type)) return null;
      return state.tr
        .delete(textEnd, end)
        .addMark(linkStart + 1, textEnd, type.create({ href }))
        .delete(linkStart, linkStart + 1)
        .removeStoredMark(type);
    },
    { inCodeMark: false },
  );
}

export function inlineRules({ schema }: EditorSchema): InputRule[] {
  const rules: InputRule[] = [];
  for (const [name, markers] of markShortcuts) {
    const type = schema.marks[name];
    if (type !== undefined) rules.push(...markers.map((marker) => markRule(type, marker)));
  }
  if (schema.marks.link !== undefined) rules.push(linkRule(schema.marks.link));
  return rules;
}
