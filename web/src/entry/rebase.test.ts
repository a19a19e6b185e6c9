import { describe, expect, it } from 'vitest';
import { normalizeSchema } from '../../test/normalized';
import { collectionLayout } from './paths';
import { collectionPlace } from './place';
import { rebaseEdits } from './rebase';
import type { EntryShape } from './shape';

const shape: EntryShape = {
  schema: normalizeSchema({
    name: { kind: 'slug', label: 'Name' },
    role: { kind: 'text', label: 'Role' },
    bio: { kind: 'text', label: 'Bio', multiline: true },
  }),
  format: { data: 'yaml', contentField: null },
  slugField: 'name',
};
const layout = collectionLayout('authors/*');
const placeFor = (state: Record<string, unknown>) => collectionPlace(layout, (state.name as { slug: string }).slug);
const base = { name: { name: 'Ada', slug: 'ada' }, role: 'Editor', bio: 'First.' };

describe('rebasing edits on a newer version', () => {
  it('keeps the fields changed in the form and takes the others from the newer version', () => {
    const mine = { ...base, role: 'Author' };
    const theirs = { ...base, bio: 'Rewritten.' };
    expect(rebaseEdits(shape, placeFor, { base, mine, theirs })).toEqual({
      state: { ...base, role: 'Author', bio: 'Rewritten.' },
      overlapping: [],
    });
  });

  it('names the fields both changed, keeping the form’s value', () => {
    const mine = { ...base, role: 'Author' };
    const theirs = { ...base, role: 'Owner', bio: 'Rewritten.' };
    expect(rebaseEdits(shape, placeFor, { base, mine, theirs })).toEqual({
      state: { ...base, role: 'Author', bio: 'Rewritten.' },
      overlapping: ['role'],
    });
  });

  it('does not count a field both set to the same value as overlapping', () => {
    const both = { ...base, role: 'Author' };
    expect(rebaseEdits(shape, placeFor, { base, mine: both, theirs: both }).overlapping).toEqual([]);
  });

  it('keeps a renamed slug, which moves the entry’s files', () => {
    const mine = { ...base, name: { name: 'Ada L', slug: 'ada-l' } };
    const theirs = { ...base, role: 'Owner' };
    expect(rebaseEdits(shape, placeFor, { base, mine, theirs }).state).toEqual({ ...mine, role: 'Owner' });
  });

  it('takes the newer version whole when the form changed nothing', () => {
    const theirs = { ...base, role: 'Owner', bio: 'Rewritten.' };
    expect(rebaseEdits(shape, placeFor, { base, mine: base, theirs }).state).toEqual(theirs);
  });
});
