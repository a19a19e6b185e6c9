import { describe, expect, it } from 'vitest';
import { normalizeSchema } from '../../../test/normalizeField';
import type { EntryShape } from '../../fields/entry';
import { collectionPlace } from '../../fields/entryLocation';
import { collectionLayout } from '../../lib/entryPaths';
import { filesFor } from './entryFiles';
import { filesAsBytes, stateFromFiles } from './entryBytes';

const shape: EntryShape = {
  schema: normalizeSchema({
    title: { kind: 'slug', label: 'Title' },
    cover: { kind: 'image', label: 'Cover' },
    body: { kind: 'markdoc', label: 'Body' },
  }),
  format: { data: 'yaml', contentField: 'body' },
  slugField: 'title',
};
const layout = collectionLayout('posts/*');

describe('stateFromFiles', () => {
  it('reads back the state whose files were kept, assets and content images included', () => {
    const place = collectionPlace(layout, 'hello');
    const state = {
      title: { name: 'Hello', slug: 'hello' },
      cover: { filename: 'cover.png', extension: 'png', bytes: new Uint8Array([1, 2]) },
      body: { text: 'Some *text*\n\n![A cat](cat.png)\n', images: new Map([['cat.png', new Uint8Array([3])]]), srcPrefix: '' },
    };
    const files = filesAsBytes(filesFor(shape, place, state));
    expect([...files.keys()].sort()).toEqual(['posts/hello.mdoc', 'posts/hello/body/cat.png', 'posts/hello/cover.png']);
    expect(stateFromFiles(shape, place, 'hello', files)).toEqual(state);
  });

  it('answers null without a data file or when it does not parse', () => {
    const place = collectionPlace(layout, 'hello');
    expect(stateFromFiles(shape, place, 'hello', new Map())).toBeNull();
    const broken = new Map([['posts/hello.mdoc', new TextEncoder().encode('---\nunknown: 1\n---\n')]]);
    expect(stateFromFiles(shape, place, 'hello', broken)).toBeNull();
  });
});
