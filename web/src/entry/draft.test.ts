import { describe, expect, it } from 'vitest';
import { normalizeSchema } from '../../test/normalized';
import { draftRecord, entryTreeKey, restoreDraft } from './draft';
import { filesFor } from './files';
import { collectionLayout } from './paths';
import { collectionPlace } from './place';
import type { EntryShape } from './shape';

const shape: EntryShape = {
  schema: normalizeSchema({ name: { kind: 'slug', label: 'Name' }, role: { kind: 'text', label: 'Role' } }),
  format: { data: 'yaml', contentField: null },
  slugField: 'name',
};
const placeOf = (slug: string) => collectionPlace(collectionLayout('authors/*'), slug);
const savedAt = new Date('2024-03-12T12:00:00Z');

describe('entry drafts', () => {
  const state = { name: { name: 'Ada Lovelace', slug: 'ada' }, role: 'Editor' };
  const files = filesFor(shape, placeOf('ada'), state);

  it('keep the files the form writes, as bytes, for the slug they were written for', () => {
    const draft = draftRecord(files, { slug: 'ada', beforeTreeKey: 'key' }, savedAt);
    expect(draft).toEqual({
      version: 1,
      savedAt,
      slug: 'ada',
      beforeTreeKey: 'key',
      files: new Map([['authors/ada.yaml', new TextEncoder().encode('name: Ada Lovelace\nrole: Editor\n')]]),
    });
  });

  it('restore the values, and tell whether the entry changed since', () => {
    const draft = draftRecord(files, { slug: 'ada', beforeTreeKey: 'key' }, savedAt);
    expect(restoreDraft(draft, shape, placeOf, 'key')).toEqual({ state, savedAt, changedSince: false });
    expect(restoreDraft(draft, shape, placeOf, 'other')?.changedSince).toBe(true);
    expect(restoreDraft(draftRecord(files, { slug: 'ada' }, savedAt), shape, placeOf, null)?.changedSince).toBe(false);
  });

  it('restore nothing from files that no longer open', () => {
    const draft = { ...draftRecord(files, { slug: 'ada' }, savedAt), slug: 'grace' };
    expect(restoreDraft(draft, shape, placeOf, null)).toBeNull();
  });

  it('key an entry by its files and their blobs', () => {
    const tree = new Map([
      ['authors/ada.yaml', 'sha-a'],
      ['authors/ada/avatar.png', 'sha-b'],
    ]);
    expect(entryTreeKey(tree, ['authors/ada/avatar.png', 'authors/ada.yaml'])).toBe('authors/ada.yaml:sha-a\nauthors/ada/avatar.png:sha-b');
    expect(entryTreeKey(tree, [])).toBe('');
  });
});
