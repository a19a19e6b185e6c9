/**
 * The YAML error vectors (vectors/yaml): each broken data file, read the way the admin opens an
 * entry, shows the expected `line:column: message`. `cargo test` runs the same files through the
 * server's reader, so `quire check` and the admin word and place every case alike.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEntry } from './formState';
import type { EntryShape } from './shape';

type YamlCase = { name: string; yaml: string; in?: 'frontmatter'; error: string };

const folder = join(import.meta.dirname, '../../../vectors/yaml');
const files = readdirSync(folder).filter((name) => name.endsWith('.json'));

/** The one problem the admin lists for the file, as `line:column: message`. */
function shownError(testCase: YamlCase): string {
  const inFrontmatter = testCase.in === 'frontmatter';
  const shape: EntryShape = {
    schema: {},
    format: { data: 'yaml', contentField: inFrontmatter ? ['body'] : null },
    slugField: null,
  };
  const data = inFrontmatter ? `---\n${testCase.yaml}---\nBody\n` : testCase.yaml;
  const parsed = parseEntry(shape, { data, content: {} }, 'entry', '');
  if (parsed.ok) return 'opens without a problem';
  const [problem] = parsed.problems;
  return `${problem?.line}:${problem?.column}: ${problem?.message}`;
}

describe('YAML error vectors', () => {
  it('has cases', () => expect(files.length).toBeGreaterThan(0));
  for (const file of files) {
    const { cases } = JSON.parse(readFileSync(join(folder, file), 'utf8')) as { cases: YamlCase[] };
    describe(file, () => {
      for (const testCase of cases) it(testCase.name, () => expect(shownError(testCase)).toBe(testCase.error));
    });
  }
});
