/**
 * ActivistChecklist.org's checklist items, real MDX written through Keystatic by the site's own
 * editors. Every entry Keystatic opens, opened and written again, writes the data Keystatic writes
 * (inline Markdoc fields as `''` when empty, keys in declaration order) and keeps its untouched body
 * byte for byte (a smaller diff than Keystatic's, which writes every body anew). An inline value
 * Keystatic writes anew (3 of them) is kept as it was too. Edited in the editor, every inline value
 * and every body is written as Keystatic writes it (components with every prop, defaults included,
 * in declaration order; emphasis, escapes and blank lines as its MDX writer makes them).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ContentField, InlineContentField } from '../src/api/config';
import { openContent, writeContent } from '../src/fields/content/document';
import { loadFormat } from '../src/fields/content/formats';
import { textOnly } from '../src/fields/content/images';
import { editorFieldOf } from '../src/fields/content/inline';
import { splitFrontmatter } from '../src/lib/frontmatter';
import { rewriteEntry, siteEntries } from './siteRoundTrip';
import { kindOf } from '../src/fields/registry';

beforeAll(() => Promise.all([loadFormat('markdoc'), loadFormat('mdx')]));

const root = join(import.meta.dirname, '../../fixtures/sites/activist-checklist-items');
const expectations = join(import.meta.dirname, '../../fixtures/activist-checklist-items-expected');

type Expected = { entries: { slug: string; files: { path: string; changed: boolean }[]; error: string | null }[] };
const expected = JSON.parse(readFileSync(join(expectations, 'expected.json'), 'utf8')) as Expected;

const INLINE_FIELDS = ['preview', 'do', 'dont'];

/** The front matter of a file's text, with its delimiters. */
function frontmatterOf(text: string): string {
  return text.slice(0, text.length - splitFrontmatter(text).content.length);
}

function dataOf(text: string): Record<string, unknown> {
  return load(splitFrontmatter(text).data) as Record<string, unknown>;
}

/** `text` opened in the editor, a character typed at its end and taken back, written again. */
function editedAndReverted(field: ContentField, text: string): string {
  const opened = openContent(field, textOnly(text), kindOf);
  if (!opened.ok) throw new Error(opened.problems.map((problem) => problem.message).join('\n'));
  const at = opened.state.doc.content.size - 1;
  const edited = opened.state.apply(opened.state.tr.insertText('x', at));
  expect(writeContent(field, edited, '').text).not.toBe(text);
  const reverted = edited.apply(edited.tr.delete(at, at + 1));
  return writeContent(field, reverted, '').text;
}

describe('fixtures/sites/activist-checklist-items', () => {
  const entries = siteEntries(root);

  it('lists all 181 entries', () => expect(entries).toHaveLength(181));

  for (const entry of entries) {
    const known = expected.entries.find((candidate) => candidate.slug === entry.slug);
    const original = readFileSync(join(root, 'content/en/checklist-items', `${entry.slug}.mdx`), 'utf8');
    if (known?.error != null) {
      it(`${entry.slug}, which Keystatic cannot open ("${known.error}"), opens with its unknown elements kept`, () => {
        const field = entry.shape.schema.body as ContentField;
        const body = splitFrontmatter(original).content;
        const opened = openContent(field, textOnly(body), kindOf);
        if (!opened.ok) throw new Error(opened.problems.map((problem) => problem.message).join('\n'));
        const kept: string[] = [];
        opened.state.doc.descendants((node) => void (node.type.name.startsWith('missing_') && kept.push(node.attrs.text as string)));
        expect(kept.length).toBeGreaterThan(0);
        const written = editedAndReverted(field, body);
        for (const source of kept) expect(written).toContain(source);
        // What is written opens again to the same document.
        expect(editedAndReverted(field, written)).toBe(written);
      });
      continue;
    }
    const keystatic = known!.files[0]!.changed ? readFileSync(join(expectations, 'expected', `${entry.slug}.mdx`), 'utf8') : original;
    // Inline values Keystatic writes anew though nobody edited them.
    const rewritten = INLINE_FIELDS.filter((key) => {
      const before = dataOf(original)[key];
      return typeof before === 'string' && before !== dataOf(keystatic)[key];
    });

    it(`${entry.slug} writes Keystatic's data and keeps its body`, () => {
      const [file, ...others] = rewriteEntry(root, entry);
      expect(others).toEqual([]);
      const written = file!.written as string;
      expect(splitFrontmatter(written).content).toBe(splitFrontmatter(original).content);
      if (rewritten.length === 0) {
        expect(frontmatterOf(written)).toBe(frontmatterOf(keystatic));
      } else {
        const kept = Object.fromEntries(rewritten.map((key) => [key, dataOf(original)[key]]));
        expect(Object.entries(dataOf(written))).toEqual(Object.entries({ ...dataOf(keystatic), ...kept }));
      }
    });

    it(`${entry.slug} body: edited in the editor, writes what Keystatic writes`, () => {
      const field = entry.shape.schema.body as ContentField;
      expect(editedAndReverted(field, splitFrontmatter(original).content)).toBe(splitFrontmatter(keystatic).content);
    });

    for (const key of INLINE_FIELDS) {
      const value = dataOf(original)[key];
      if (typeof value !== 'string') continue;
      it(`${entry.slug} ${key}: edited in the editor, writes what Keystatic writes`, () => {
        const field = editorFieldOf(entry.shape.schema[key] as InlineContentField);
        expect(editedAndReverted(field, value)).toBe(dataOf(keystatic)[key]);
      });
    }
  }
});
