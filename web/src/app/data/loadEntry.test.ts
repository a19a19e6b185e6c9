import { describe, expect, it, vi } from 'vitest';
import { normalizeSchema } from '../../../test/normalized';
import { collectionLayout } from '../../entry/paths';
import { collectionPlace } from '../../entry/place';
import type { EntryShape } from '../../entry/shape';
import { openEntry } from './loadEntry';

const site: Record<string, Uint8Array> = {
  'posts/hello.yaml': new TextEncoder().encode('title: Hello\ncover: cover.png\ngallery:\n  - gallery/0/image.png\n  - gone.png\n'),
  'posts/hello/cover.png': new Uint8Array([1]),
  'posts/hello/gallery/0/image.png': new Uint8Array([2]),
  'posts/hello/unreferenced.png': new Uint8Array([3]),
  'posts/hello/body.mdoc': new TextEncoder().encode('![A](a.png)\n'),
  'posts/hello/body/a.png': new Uint8Array([4]),
  'posts/hello/body/old/b.png': new Uint8Array([5]),
};

const isText = (path: string) => /\.(yaml|mdoc)$/.test(path);
const fetched: string[] = [];

// The server sends the data and content texts along: only other files are fetched as blobs.
vi.mock('../../api/client', () => ({
  fetchEntryFiles: async () => ({
    files: Object.keys(site).map((path) => ({
      path,
      sha: `sha-${path}`,
      text: isText(path) ? new TextDecoder().decode(site[path]) : null,
    })),
    head: 'c0ffee',
  }),
  fetchBlob: async (_sha: string, path: string) => {
    fetched.push(path);
    return site[path];
  },
}));

const shape: EntryShape = {
  schema: normalizeSchema({
    title: { kind: 'slug', label: 'Title' },
    cover: { kind: 'image', label: 'Cover' },
    gallery: { kind: 'array', label: 'Gallery', element: { kind: 'image', label: 'Image' } },
  }),
  format: { data: 'yaml', contentField: null },
  slugField: 'title',
};

describe('openEntry', () => {
  it('reads the asset files the data file names, and only those', async () => {
    const opened = await openEntry(shape, collectionPlace(collectionLayout('posts/*'), 'hello'), { collection: 'posts', slug: 'hello' }, null);
    expect(opened.kind).toBe('ready');
    if (opened.kind !== 'ready') return;
    const { state, readAtOpen, head } = opened.snapshot;
    expect(head).toBe('c0ffee');
    expect(state.cover).toEqual({ filename: 'cover.png', extension: 'png', bytes: new Uint8Array([1]) });
    expect((state.gallery as { value: unknown }[]).map((item) => item.value)).toEqual([
      { filename: 'gallery/0/image.png', extension: 'png', bytes: new Uint8Array([2]) },
      { filename: 'gone.png', extension: 'png', bytes: null },
    ]);
    expect([...readAtOpen].sort()).toEqual(['posts/hello.yaml', 'posts/hello/cover.png', 'posts/hello/gallery/0/image.png']);
    expect(fetched.filter(isText)).toEqual([]);
  });

  it("reads every file below a content field's image folder", async () => {
    const withBody: EntryShape = {
      ...shape,
      schema: { ...shape.schema, ...normalizeSchema({ body: { kind: 'markdoc', label: 'Body' } }) },
    };
    const opened = await openEntry(withBody, collectionPlace(collectionLayout('posts/*'), 'hello'), { collection: 'posts', slug: 'hello' }, null);
    if (opened.kind !== 'ready') throw new Error('the entry does not open');
    const { state, readAtOpen } = opened.snapshot;
    expect(state.body).toEqual({
      text: '![A](a.png)\n',
      images: new Map([
        ['a.png', new Uint8Array([4])],
        ['old/b.png', new Uint8Array([5])],
      ]),
      propFiles: new Map(),
      slug: 'hello',
    });
    expect([...readAtOpen].filter((path) => path.includes('body')).sort()).toEqual([
      'posts/hello/body.mdoc',
      'posts/hello/body/a.png',
      'posts/hello/body/old/b.png',
    ]);
  });
});
