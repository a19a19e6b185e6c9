/**
 * Every Markdoc body of the docs fixture, opened with the components its quire.yaml defines, then
 * edited and the edit reverted, is written with the bytes Keystatic writes: `expected/<path>` where
 * Keystatic changes the file, else the original body (49 pages, 1 blog post, 17 projects).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { load } from 'js-yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { normalizeField } from '../../../test/normalized';
import type { ContentField } from '../../api/config';
import { splitFrontmatter } from '../../lib/frontmatter';
import { openContent, writeContent } from './document';
import { loadFormat } from './formats';
import { textOnly } from './images';
import { kindOf } from '../registry';

// The formats load on demand in the admin; these tests open both.
beforeAll(() => Promise.all([loadFormat('markdoc'), loadFormat('mdx')]));

const fixtures = join(import.meta.dirname, '../../../../fixtures');
const site = join(fixtures, 'sites/keystatic-docs');
const content = join(site, 'src/content');
const expected = join(fixtures, 'keystatic-docs-expected/expected');

/** The content field of a collection, as the server normalizes it. */
function contentField(collection: string): ContentField {
  const config = load(readFileSync(join(site, 'quire.yaml'), 'utf8')) as {
    collections: Record<string, { schema: { content: Record<string, unknown> } }>;
  };
  return normalizeField(config.collections[collection]!.schema.content) as ContentField;
}

function mdocFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.mdoc'))
    .map((entry) => relative(content, join(entry.parentPath, entry.name)))
    .sort();
}

function body(path: string): string {
  return splitFrontmatter(readFileSync(path, 'utf8')).content;
}

describe.each([
  { collection: 'pages', count: 49 },
  { collection: 'blog', count: 1 },
  { collection: 'projects', count: 17 },
])('$collection', ({ collection, count }) => {
  const files = mdocFiles(join(content, collection));
  const field = contentField(collection);

  it(`has ${count} entries`, () => {
    expect(files).toHaveLength(count);
  });

  it.each(files)('%s: an edit and its revert write what Keystatic writes', (file) => {
    const want = existsSync(join(expected, file)) ? body(join(expected, file)) : body(join(content, file));
    const opened = openContent(field, textOnly(body(join(content, file))), kindOf);
    if (!opened.ok) throw new Error(opened.problems.map((problem) => problem.message).join('\n'));
    // The edit goes into the paragraph the editor keeps at the end, which every document has.
    const at = opened.state.doc.content.size - 1;
    const edited = opened.state.apply(opened.state.tr.insertText('x', at));
    expect(writeContent(field, edited, '').text).not.toBe(want);
    const reverted = edited.apply(edited.tr.delete(at, at + 1));
    expect(writeContent(field, reverted, '').text).toBe(want);
  });
});

describe('text the field cannot hold', () => {
  it('opens as its problems, with the text kept', () => {
    const text = 'A {% callout %}Hi{% /callout %}\n\n{% aside icon=3 %}\nx\n{% /aside %}\n';
    const opened = openContent(contentField('projects'), textOnly(text), kindOf);
    expect(opened).toEqual({
      content: textOnly(text),
      ok: false,
      problems: [
        { line: 1, message: 'Missing component definition for callout' },
        { line: 3, message: 'aside: icon: Must be a string' },
      ],
    });
  });
});

describe('mdx fields', () => {
  const field = normalizeField({
    kind: 'mdx',
    label: 'Content',
    components: { Note: { kind: 'wrapper', label: 'Note', schema: { kind: { kind: 'select', label: 'Kind', options: [{ label: 'Info', value: 'info' }] } } } },
  }) as ContentField;

  it('open and write JSX components with their props', () => {
    const text = '# Title\n\n<Note kind="info">\n  Some *text*.\n</Note>\n\n- a\n- b\n';
    const opened = openContent(field, textOnly(text), kindOf);
    if (!opened.ok) throw new Error(opened.problems.map((problem) => problem.message).join('\n'));
    expect(writeContent(field, opened.state, '').text).toBe('# Title\n\n<Note kind="info">\n  Some *text*.\n</Note>\n\n* a\n* b\n');
  });

  it('refuse props that do not fit the schema', () => {
    expect(openContent(field, textOnly('<Note kind="nope">\n  a\n</Note>\n'), kindOf)).toMatchObject({
      ok: false,
      problems: [{ line: 1, message: 'Note: kind: Must be a valid option' }],
    });
  });
});

describe('marks with a tag (Keystatic’s mark({ tag, className }))', () => {
  const field = normalizeField({
    kind: 'mdx',
    label: 'Content',
    components: {
      StyledSpan: { kind: 'mark', label: 'Styled text', tag: 'span', className: 'styled', schema: { className: { kind: 'text', label: 'Class name' } } },
    },
  }) as ContentField;

  it('show as their element with their class, and are written as the JSX they were', () => {
    const text = 'Some <StyledSpan className="big">words</StyledSpan> here.\n';
    const opened = openContent(field, textOnly(text), kindOf);
    if (!opened.ok) throw new Error(opened.problems.map((problem) => problem.message).join('\n'));
    const mark = opened.state.schema.marks.StyledSpan!;
    expect(mark.spec.toDOM!(mark.create(), true)).toEqual(['span', { 'data-component': 'StyledSpan', class: 'styled', style: undefined }, 0]);
    expect(writeContent(field, opened.state, '').text).toBe(text);
  });
});

describe('marks with a style (Keystatic’s mark({ style }))', () => {
  const field = normalizeField({
    kind: 'markdoc',
    label: 'Content',
    components: { highlight: { kind: 'mark', label: 'Highlight', style: { backgroundColor: 'yellow', fontWeight: 700 } } },
  }) as ContentField;

  it('show with their style, and write the tag alone', () => {
    const text = 'Some {% highlight %}words{% /highlight %} here.\n';
    const opened = openContent(field, textOnly(text), kindOf);
    if (!opened.ok) throw new Error(opened.problems.map((problem) => problem.message).join('\n'));
    const mark = opened.state.schema.marks.highlight!;
    expect(mark.spec.toDOM!(mark.create(), true)).toEqual([
      'span',
      { 'data-component': 'highlight', class: undefined, style: 'background-color: yellow; font-weight: 700' },
      0,
    ]);
    expect(writeContent(field, opened.state, '').text).toBe(text);
  });
});
