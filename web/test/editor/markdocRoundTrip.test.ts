/**
 * Every Markdoc body of the docs fixture opens in the editor and is written back with the bytes
 * Keystatic writes after an edit and its revert: `expected/<path>` where Keystatic changes the file,
 * else the original body.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { markdocToDoc } from '../../src/editor/markdoc/parse';
import { docToMarkdoc } from '../../src/editor/markdoc/serialize';
import { defaultEditorOptions } from '../../src/editor/options';
import { createEditorSchema } from '../../src/editor/schema/createSchema';
import { createEditorState } from '../../src/editor/state/createEditorState';
import { splitFrontmatter } from '../../src/lib/frontmatter';
import { docsComponents, projectComponents } from './docsComponents';

const fixtures = join(import.meta.dirname, '../../../fixtures');
const content = join(fixtures, 'sites/keystatic-docs/src/content');
const expected = join(fixtures, 'keystatic-docs-expected/expected');

function mdocFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.mdoc'))
    .map((entry) => relative(content, join(entry.parentPath, entry.name)))
    .sort();
}

function body(path: string): string {
  return splitFrontmatter(readFileSync(path, 'utf8')).content;
}

const cases = [
  { collection: 'pages', count: 49, components: docsComponents },
  { collection: 'blog', count: 1, components: docsComponents },
  { collection: 'projects', count: 17, components: projectComponents },
];

describe.each(cases)('$collection', ({ collection, count, components }) => {
  const files = mdocFiles(join(content, collection));
  const editorSchema = createEditorSchema(defaultEditorOptions, components);

  it(`has ${count} entries`, () => {
    expect(files).toHaveLength(count);
  });

  it.each(files)('%s comes back as Keystatic writes it', (file) => {
    const want = existsSync(join(expected, file)) ? body(join(expected, file)) : body(join(content, file));
    // Opened as the editor opens it: with the trailing paragraph the editor keeps.
    const state = createEditorState(markdocToDoc(body(join(content, file)), editorSchema));
    expect(docToMarkdoc(state.doc).text).toBe(want);
  });
});
