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
import { normalizeSchema } from '../../../test/normalizeField';
import type { ContentComponent, ContentField, ContentOptions } from '../../api/config';
import { et } from '../../editor/messages';
import { openContent } from './document';
import { loadFormat } from './formats';
import { textOnly } from './images';
import { kindOf } from '../registry';

// The formats load on demand in the admin; these tests open both.
beforeAll(() => Promise.all([loadFormat('markdoc'), loadFormat('mdx')]));

type Shown = { line: number | null; message: string };

/** A component as quire.yaml spells it. */
type RawComponent = {
  kind: ContentComponent['kind'];
  label?: string;
  schema?: Record<string, Record<string, unknown>>;
  children?: string[];
};

type BodyCase = {
  name: string;
  field: { kind: ContentField['kind']; label: string; options?: unknown; components?: Record<string, RawComponent> };
  body: string;
  problems: Shown[];
  notices: Shown[];
};

const folder = join(import.meta.dirname, '../../../../vectors/bodies');
const files = readdirSync(folder).filter((name) => name.endsWith('.json'));

/** The field as the server normalizes it for the admin. */
function contentField(raw: BodyCase['field']): ContentField {
  const components = Object.fromEntries(
    Object.entries(raw.components ?? {}).map(([name, component]): [string, ContentComponent] => [
      name,
      {
        kind: component.kind,
        label: component.label ?? name,
        description: null,
        schema: normalizeSchema(component.schema ?? {}),
        forSpecificLocations: false,
        toolbar: false,
        children: component.children ?? [],
        validation: { children: { min: 0, max: null } },
        placeholder: null,
      },
    ]),
  );
  const extension = raw.kind === 'mdx' ? 'mdx' : 'mdoc';
  return { kind: raw.kind, label: raw.label, description: null, extension, options: raw.options as ContentOptions | undefined, components };
}

/** The line a kept block starts on: Markdoc nodes count lines from 0, mdast nodes from 1. */
function blockLine(source: unknown): number | null {
  const { lines, position } = source as { lines?: number[]; position?: { start: { line: number } } };
  if (lines?.[0] !== undefined) return lines[0] + 1;
  return position?.start.line ?? null;
}

function shown(testCase: BodyCase): { problems: Shown[]; notices: Shown[] } {
  const opened = openContent(contentField(testCase.field), textOnly(testCase.body), kindOf);
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
