/**
 * Keystatic's documentation content: every entry opens, and writing it again gives the bytes
 * Keystatic writes (`expected/` holds the files Keystatic changes; the others come back as they are).
 * Markdoc bodies are carried as text here, so entries whose body Keystatic reformats are the editor's
 * to check.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rewriteEntry, siteEntries } from './siteRoundTrip';
import type { WrittenFile } from './siteRoundTrip';

const root = join(import.meta.dirname, '../../fixtures/sites/keystatic-docs');
const expectedDir = join(import.meta.dirname, '../../fixtures/keystatic-docs-expected/expected');

/** Keystatic's bytes for a file it changes, or null when it writes the file back as it is. */
function changedByKeystatic(path: string): string | null {
  const changed = join(expectedDir, path.replace(/^src\/content\//, ''));
  return existsSync(changed) ? readFileSync(changed, 'utf8') : null;
}

const reformatsBody = (file: WrittenFile) => file.path.endsWith('.mdoc') && changedByKeystatic(file.path) !== null;

describe('fixtures/sites/keystatic-docs', () => {
  const entries = siteEntries(root);

  it('lists all 82 entries', () => expect(entries).toHaveLength(82));

  for (const entry of entries) {
    it(`${entry.collection ?? 'singleton'} ${entry.name} opens and writes what Keystatic writes`, () => {
      const files = rewriteEntry(root, entry);
      if (files.some(reformatsBody)) return;
      for (const { path, written, before } of files) {
        expect({ path, text: written }).toEqual({ path, text: changedByKeystatic(path) ?? before });
      }
    });
  }
});
