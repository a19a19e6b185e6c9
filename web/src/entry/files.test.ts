import { describe, expect, it } from 'vitest';
import { normalizeSchema } from '../../test/normalized';
import { textOnly } from '../fields/content/images';
import { filesAsBytes, filesFor, filesNamedBy, sameFiles, stateFromFiles } from './files';
import { collectionLayout } from './paths';
import { collectionPlace } from './place';
import type { EntryShape } from './shape';

const shape: EntryShape = {
  schema: normalizeSchema({
    title: { kind: 'slug', label: 'Title' },
    cover: { kind: 'image', label: 'Cover' },
    body: { kind: 'markdoc', label: 'Body' },
  }),
  format: { data: 'yaml', contentField: ['body'] },
  slugField: 'title',
};
const layout = collectionLayout('posts/*');

describe('stateFromFiles', () => {
  it('reads back the state whose files were kept, assets and content images included', () => {
    const place = collectionPlace(layout, 'hello');
    const state = {
      title: { name: 'Hello', slug: 'hello' },
      cover: { filename: 'cover.png', extension: 'png', bytes: new Uint8Array([1, 2]) },
      body: { text: 'Some *text*\n\n![A cat](cat.png)\n', images: new Map([['cat.png', new Uint8Array([3])]]), propFiles: new Map(), slug: 'hello' },
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

describe('filesFor', () => {
  const article: EntryShape = {
    schema: normalizeSchema({
      title: { kind: 'slug', label: 'Title' },
      summary: { kind: 'text', label: 'Summary' },
      body: { kind: 'markdoc', label: 'Body' },
    }),
    format: { data: 'yaml', contentField: null },
    slugField: 'title',
  };
  const place = collectionPlace(collectionLayout('posts/*/'), 'hello');
  const state = (summary: string) => ({ title: { name: 'Hello', slug: 'hello' }, summary, body: textOnly('Text\n') });

  it('writes the data file and each content file in the entry folder', () => {
    expect([...filesFor(article, place, state('Hi'))]).toEqual([
      ['posts/hello/index.yaml', 'title: Hello\nsummary: Hi\n'],
      ['posts/hello/body.mdoc', 'Text\n'],
    ]);
  });

  it('compares file sets by path and bytes', () => {
    expect(sameFiles(filesFor(article, place, state('Hi')), filesFor(article, place, state('Hi')))).toBe(true);
    expect(sameFiles(filesFor(article, place, state('Hi')), filesFor(article, place, state('Ho')))).toBe(false);
  });
});

describe('filesNamedBy', () => {
  it('reads the images of a content field\'s folder and leaves its other files alone', () => {
    const place = collectionPlace(layout, 'hello');
    const sources = { data: '---\ntitle: Hello\n---\nHi\n', content: {}, readFile: () => null, readFolder: () => new Map() };
    const named = filesNamedBy(shape, place, 'hello', sources, [
      'posts/hello.mdoc',
      'posts/hello/body/photo.png',
      'posts/hello/body/Scan.JPG',
      'posts/hello/body/notes.txt',
      'posts/hello/body/old.bmp',
    ]);
    expect(named).toEqual({ ok: true, paths: ['posts/hello/body/photo.png', 'posts/hello/body/Scan.JPG'] });
  });
});
