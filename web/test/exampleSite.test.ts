/**
 * The example site holds what the admin writes: every entry of examples/blog reads without a problem
 * and writes back the same bytes, asset files included.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rewriteEntry, siteEntries } from './siteRoundTrip';

const root = join(import.meta.dirname, '../../examples/blog');

describe('examples/blog', () => {
  const entries = siteEntries(root);

  it('has entries in every collection', () => {
    expect(new Set(entries.map((entry) => entry.collection))).toEqual(new Set(['posts', 'guides', 'pages', 'authors', null]));
  });

  for (const entry of entries) {
    it(`${entry.collection ?? 'singleton'} ${entry.name} writes back the same bytes`, () => {
      for (const file of rewriteEntry(root, entry)) expect({ path: file.path, bytes: file.written }).toEqual({ path: file.path, bytes: file.before });
    });
  }
});
