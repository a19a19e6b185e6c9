/** Reading and writing a data file's text (YAML or JSON) exactly as Keystatic does. */
import { YAMLException, dump } from 'js-yaml';
import type { DataFormat } from '../fields/kind';
import { loadYaml } from '../lib/yaml';
import type { Problem } from './problem';

/** js-yaml `dump` with its default options, or 2-space JSON with a final newline. */
export function writeData(value: Record<string, unknown>, format: DataFormat): string {
  return format === 'json' ? `${JSON.stringify(value, null, 2)}\n` : dump(value);
}

/** A parsed data file; `plainTimestampTexts` as ParseContext has them (none in JSON). */
export type ReadResult = { ok: true; value: unknown; plainTimestampTexts: ReadonlySet<string> } | { ok: false; problem: Problem };

/**
 * Parses a data file's text. `lineOffset` counts the lines before the text in its file (1 inside
 * frontmatter), so that reported lines match the file.
 */
export function readData(text: string, format: DataFormat, path: string, lineOffset: number): ReadResult {
  try {
    return format === 'json' ? { ok: true, value: JSON.parse(text), plainTimestampTexts: new Set() } : { ok: true, ...loadYaml(text) };
  } catch (error) {
    if (error instanceof YAMLException) {
      const mark = error.mark as { line: number; column: number } | undefined;
      return {
        ok: false,
        problem: {
          path,
          line: mark ? mark.line + 1 + lineOffset : null,
          column: mark ? mark.column + 1 : null,
          field: null,
          message: error.reason,
        },
      };
    }
    if (error instanceof SyntaxError) return { ok: false, problem: jsonProblem(error, text, path, lineOffset) };
    throw error;
  }
}

// V8's messages end with "at position N" (and sometimes "(line L column C)"): turn N into a line.
function jsonProblem(error: SyntaxError, text: string, path: string, lineOffset: number): Problem {
  const position = /at position (\d+)/.exec(error.message);
  const message = error.message.replace(/ in JSON at position \d+.*$/, '');
  if (position === null) return { path, line: null, column: null, field: null, message };
  const before = text.slice(0, Number(position[1])).split('\n');
  return {
    path,
    line: before.length + lineOffset,
    column: (before[before.length - 1]?.length ?? 0) + 1,
    field: null,
    message,
  };
}
