import { describe, expect, it } from 'vitest';
import { normalizeSchema } from '../../test/normalized';
import { textOnly } from '../fields/content/images';
import { gitBlobSha } from '../lib/gitBlobSha';
import { buildChangeSet, deletionChangeSet } from './changeSet';
import { filesFor, sameFiles } from './files';
import { collectionLayout } from './paths';
import { collectionPlace } from './place';
import type { EntryShape } from './shape';

const shape: EntryShape = {
  schema: normalizeSchema({
    title: { kind: 'slug', label: 'Title' },
    summary: { kind: 'text', label: 'Summary' },
    body: { kind: 'markdoc', label: 'Body' },
  }),
  format: { data: 'yaml', contentField: null },
  slugField: 'title',
};
const layout = collectionLayout('posts/*/');
const state = (slug: string, summary: string) => ({ title: { name: 'Hello', slug }, summary, body: textOnly('Text\n') });
const sha = (contents: string | Uint8Array) =>
  gitBlobSha(typeof contents === 'string' ? new TextEncoder().encode(contents) : contents);
const decode = (contents: string) => Buffer.from(contents, 'base64').toString('utf8');

describe('buildChangeSet', () => {
  const opened = filesFor(shape, collectionPlace(layout, 'hello'), state('hello', 'Hi'));
  const readAtOpen = new Set(opened.keys());
  const tree = async () =>
    new Map([
      ...(await Promise.all([...opened].map(async ([path, text]) => [path, await sha(text)] as const))),
      ['posts/hello/photo.png', 'feedfeedfeedfeedfeedfeedfeedfeedfeedfeed'],
    ]);

  it('adds only the files that changed and expects what was read', async () => {
    const files = filesFor(shape, collectionPlace(layout, 'hello'), state('hello', 'Ho'));
    const changes = await buildChangeSet({ files, readAtOpen, tree: await tree() });
    expect(changes.additions.map((addition) => [addition.path, decode(addition.contents)])).toEqual([
      ['posts/hello/index.yaml', 'title: Hello\nsummary: Ho\n'],
    ]);
    expect(changes.deletions).toEqual([]);
    expect(changes.expected).toEqual({ 'posts/hello/index.yaml': await sha('title: Hello\nsummary: Hi\n') });
  });

  it('moves a renamed entry: new paths expected absent, files read at open deleted, others kept', async () => {
    const files = filesFor(shape, collectionPlace(layout, 'bye'), state('bye', 'Hi'));
    const changes = await buildChangeSet({ files, readAtOpen, tree: await tree() });
    expect(changes.additions.map((addition) => addition.path)).toEqual(['posts/bye/index.yaml', 'posts/bye/body.mdoc']);
    expect(changes.deletions).toEqual([{ path: 'posts/hello/index.yaml' }, { path: 'posts/hello/body.mdoc' }]);
    expect(changes.expected).toEqual({
      'posts/bye/index.yaml': null,
      'posts/bye/body.mdoc': null,
      'posts/hello/index.yaml': await sha('title: Hello\nsummary: Hi\n'),
      'posts/hello/body.mdoc': await sha('Text\n'),
    });
  });

  it('is empty when nothing changed', async () => {
    const changes = await buildChangeSet({ files: opened, readAtOpen, tree: await tree() });
    expect(changes).toEqual({ additions: [], deletions: [], expected: {} });
  });
});

describe('deletionChangeSet', () => {
  it('deletes what was read at open, expecting its SHA-1s', () => {
    const tree = new Map([['a.yaml', 'aaaa'], ['b.mdoc', 'bbbb'], ['c.png', 'cccc']]);
    expect(deletionChangeSet(new Set(['a.yaml', 'b.mdoc']), tree)).toEqual({
      additions: [],
      deletions: [{ path: 'a.yaml' }, { path: 'b.mdoc' }],
      expected: { 'a.yaml': 'aaaa', 'b.mdoc': 'bbbb' },
    });
  });
});

describe('asset files', () => {
  const withImage: EntryShape = {
    schema: normalizeSchema({
      title: { kind: 'slug', label: 'Title' },
      cover: { kind: 'image', label: 'Cover', directory: 'public/images', publicPath: '/images/' },
    }),
    format: { data: 'yaml', contentField: null },
    slugField: 'title',
  };
  const png = new Uint8Array([137, 80, 78, 71]);
  const jpg = new Uint8Array([255, 216, 255]);
  const entry = (cover: { extension: string; bytes: Uint8Array } | null) => ({
    title: { name: 'Hello', slug: 'hello' },
    cover: cover && { filename: `upload.${cover.extension}`, ...cover },
  });

  it('are written beside the data file, in their directory below the slug', () => {
    const files = filesFor(withImage, collectionPlace(layout, 'hello'), entry({ extension: 'png', bytes: png }));
    expect([...files]).toEqual([
      ['posts/hello/index.yaml', 'title: Hello\ncover: /images/hello/cover.png\n'],
      ['public/images/hello/cover.png', png],
    ]);
  });

  it('replace the file read at open, which is deleted when its name changes', async () => {
    const opened = filesFor(withImage, collectionPlace(layout, 'hello'), entry({ extension: 'png', bytes: png }));
    const tree = new Map(await Promise.all([...opened].map(async ([path, contents]) => [path, await sha(contents)] as const)));
    const files = filesFor(withImage, collectionPlace(layout, 'hello'), entry({ extension: 'jpg', bytes: jpg }));
    const changes = await buildChangeSet({ files, readAtOpen: new Set(opened.keys()), tree });
    expect(changes.additions.map((addition) => addition.path)).toEqual(['posts/hello/index.yaml', 'public/images/hello/cover.jpg']);
    expect(changes.deletions).toEqual([{ path: 'public/images/hello/cover.png' }]);
  });

  it('compare by bytes when deciding whether anything changed', () => {
    const place = collectionPlace(layout, 'hello');
    const a = filesFor(withImage, place, entry({ extension: 'png', bytes: png }));
    expect(sameFiles(a, filesFor(withImage, place, entry({ extension: 'png', bytes: new Uint8Array(png) })))).toBe(true);
    expect(sameFiles(a, filesFor(withImage, place, entry({ extension: 'png', bytes: jpg })))).toBe(false);
  });
});
