import { describe, expect, it } from 'vitest';
import { readStoredDraft } from './storedDraft';

const files = new Map([['content/posts/hello.mdoc', new Uint8Array([104, 105])]]);
const savedAt = new Date('2024-03-12T12:00:00Z');

describe('readStoredDraft', () => {
  it('reads version 1 drafts of entries, create forms and singletons', () => {
    expect(readStoredDraft({ version: 1, savedAt, slug: 'hello', beforeTreeKey: 'k', files })).toEqual({
      version: 1,
      savedAt,
      slug: 'hello',
      beforeTreeKey: 'k',
      files,
    });
    expect(readStoredDraft({ version: 1, savedAt, slug: 'hello', files })).toEqual({ version: 1, savedAt, slug: 'hello', files });
    expect(readStoredDraft({ version: 1, savedAt, beforeTreeKey: 'k', files })).toEqual({ version: 1, savedAt, beforeTreeKey: 'k', files });
  });

  it('ignores older and broken shapes', () => {
    expect(readStoredDraft({ savedAt, treeKey: 'k', state: {} })).toBeNull();
    expect(readStoredDraft({ version: 2, savedAt, files })).toBeNull();
    expect(readStoredDraft({ version: 1, savedAt: '2024-03-12', files })).toBeNull();
    expect(readStoredDraft({ version: 1, savedAt, files: new Map([['a', 'text']]) })).toBeNull();
    expect(readStoredDraft(undefined)).toBeNull();
  });
});
