/**
 * The body vectors (vectors/bodies): each Markdoc or MDX body, opened in its field's editor as the
 * admin opens it, shows exactly the expected problems (the editor does not open) or notices (it
 * opens, with a block whose component is not defined). `cargo test` runs the same files through
 * the checker `quire check` uses.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Node } from 'prosemirror-model';
import { beforeAll, describe, expect, it } from 'vitest';
import { normalizeField } from '../../../test/normalized';
import type { ContentField } from '../../api/config';
import { et } from '../../editor/messages';
import { openContent } from './document';
import { loadFormat } from './formats';
import { textOnly } from './images';
import { kindOf } from '../registry';

// The formats load on demand in the admin; these tests open both.
beforeAll(() => Promise.all([loadFormat('markdoc'), loadFormat('mdx')]));

type Shown = { line: number | null; message: string };

type BodyCase = {
  name: string;
  /** The field as quire.yaml writes it. */
  field: Record<string, unknown>;
  body: string;
  problems: Shown[];
  notices: Shown[];
};

const folder = join(import.meta.dirname, '../../../../vectors/bodies');
const files = readdirSync(folder).filter((name) => name.endsWith('.json'));

/** The line a kept block starts on: Markdoc nodes count lines from 0, mdast nodes from 1. */
function blockLine(source: unknown): number | null {
  const { lines, position } = source as { lines?: number[]; position?: { start: { line: number } } };
  if (lines?.[0] !== undefined) return lines[0] + 1;
  return position?.start.line ?? null;
}

function shown(testCase: BodyCase): { problems: Shown[]; notices: Shown[] } {
  const opened = openContent(normalizeField(testCase.field) as ContentField, textOnly(testCase.body), kindOf);
  if (!opened.ok) return { problems: [...opened.problems], notices: [] };
  const notices: Shown[] = [];
  opened.state.doc.descendants((node: Node) => {
    if (node.type.name === 'missing_block') {
      const component = node.attrs.name as string;
      notices.push({ line: blockLine(node.attrs.source), message: et('component.missing', { component }) });
    }
    if (node.type.name === 'missing_inline') {
      const component = node.attrs.name as string;
      notices.push({ line: blockLine(node.attrs.source), message: et('component.keptInline', { component }) });
    }
    return true;
  });
  return { problems: [], notices };
}

describe('body vectors', () => {
  it('has cases', () => expect(files.length).toBeGreaterThan(0));
  for (const file of files) {
    const { cases } = JSON.parse(readFileSync(join(folder, file), 'utf8')) as { cases: BodyCase[] };
    describe(file, () => {
      for (const testCase of cases) {
        it(testCase.name, () => {
          expect(shown(testCase)).toEqual({ problems: testCase.problems, notices: testCase.notices });
        });
      }
    });
  }
});
