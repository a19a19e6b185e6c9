/**
 * Where a content field's images are read from and written to, and how their `src` names them
 * (keystatic-formats.md §2.6), through the entry's own reading and writing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { normalizeSchema } from '../../../test/normalized';
import type { ContentField, ContentOptions } from '../../api/config';
import { Selection } from 'prosemirror-state';
import { defaultEntryState, serializeEntry } from '../../entry/formState';
import { readEntry } from '../../entry/files';
import { collectionLayout } from '../../entry/paths';
import { collectionPlace, extraFilePath } from '../../entry/place';
import type { EntryShape } from '../../entry/shape';
import type { EditorState } from 'prosemirror-state';
import { insertImage } from '../../editor/image/imageCommands';
import { freePropFileName } from '../../editor/image/imageName';
import { editorSchemaFor } from './editorSchema';
import { openContent, writeContent } from './document';
import { imageFolder, lastSlug, textOnly } from './images';
import type { ContentState } from './images';
import { loadFormat } from './formats';
import { kindOf } from '../registry';

// The formats load on demand in the admin.
beforeAll(() => Promise.all([loadFormat('markdoc'), loadFormat('mdx')]));

const png = new Uint8Array([137, 80, 78, 71]);

function post(options?: ContentOptions): EntryShape {
  const content = { kind: 'markdoc', label: 'Content', ...(options === undefined ? {} : { options }) };
  return {
    schema: normalizeSchema({ title: { kind: 'slug', label: 'Title' }, content }),
    format: { data: 'yaml', contentField: ['content'] },
    slugField: 'title',
  };
}

const place = collectionPlace(collectionLayout('posts/*'), 'hello');

/** Opens `text` as the post's body, with `files` (path → bytes) as the site's files. */
function open(shape: EntryShape, text: string, files: Map<string, Uint8Array>): ContentState {
  const parsed = readEntry(shape, place, 'hello', { data: `---\ntitle: Hello\n---\n${text}`, content: {} }, files);
  if (!parsed.ok) throw new Error('the post does not open');
  return parsed.state.content as ContentState;
}

/** Path → bytes of the files the entry writes besides its data file. */
function written(shape: EntryShape, content: ContentState): Record<string, Uint8Array> {
  const state = { title: { name: 'Hello', slug: 'hello' }, content };
  const files = serializeEntry(shape, state).files;
  return Object.fromEntries(files.map((file) => [extraFilePath(place, 'hello', file), file.contents]));
}

describe('images beside the content', () => {
  const shape = post();
  const field = shape.schema.content as ContentField;

  it('are the files below <entry dir>/<field key>/', () => {
    expect(imageFolder(field, 'content')).toEqual({ directory: null, filename: 'content/' });
    const files = new Map([
      ['posts/hello/content/my photo.png', png],
      ['posts/hello/other.png', new Uint8Array([1])],
    ]);
    const content = open(shape, '![A photo](my%20photo.png "Title")\n', files);
    expect([...content.images.keys()]).toEqual(['my photo.png']);
    expect(content.slug).toBe('hello');
  });

  it('open as images, and an untouched content writes back what was read', () => {
    const content = open(shape, '![A photo](my%20photo.png "Title")\n', new Map([['posts/hello/content/my photo.png', png]]));
    const opened = openContent(field, content, kindOf);
    if (!opened.ok) throw new Error('the content does not open');
    expect(opened.state.doc.firstChild!.firstChild!.attrs).toMatchObject({ filename: 'my photo.png', alt: 'A photo', title: 'Title' });
    expect(written(shape, content)).toEqual({ 'posts/hello/content/my photo.png': png });
  });

  it('are written for the images the document shows, and no longer once removed', () => {
    const content = open(shape, 'Text ![A](a.png)\n', new Map([['posts/hello/content/a.png', png], ['posts/hello/content/b.png', png]]));
    const opened = openContent(field, content, kindOf);
    if (!opened.ok) throw new Error('the content does not open');
    const edited = writeContent(field, opened.state, content.slug);
    expect(edited.text).toBe('Text ![A](a.png)\n');
    expect(written(shape, edited)).toEqual({ 'posts/hello/content/a.png': png });
    const image = opened.state.doc.firstChild!.childBefore(opened.state.doc.firstChild!.content.size);
    const at = 1 + image.offset;
    const removed = writeContent(field, opened.state.apply(opened.state.tr.delete(at, at + 1)), content.slug);
    expect(removed.text).toBe('Text\n');
    expect(written(shape, removed)).toEqual({});
  });

  it("are kept, when a component's prop names them, through an edit of the text", () => {
    const figure = normalizeSchema({
      title: { kind: 'slug', label: 'Title' },
      content: {
        kind: 'markdoc',
        label: 'Content',
        components: { figure: { kind: 'block', label: 'Figure', schema: { src: { kind: 'image', label: 'Picture' } } } },
      },
    });
    const withFigure: EntryShape = { ...shape, schema: figure };
    const folder = new Map([
      ['posts/hello/content/dog.png', png],
      ['posts/hello/content/a.png', png],
      ['posts/hello/content/stale.png', png],
    ]);
    const content = open(withFigure, 'Text ![A](a.png)\n\n{% figure src="dog.png" /%}\n', folder);
    const opened = openContent(withFigure.schema.content as ContentField, content, kindOf);
    if (!opened.ok) throw new Error('the content does not open');
    const edited = opened.state.apply(opened.state.tr.insertText('More ', 1));
    const rewritten = writeContent(withFigure.schema.content as ContentField, edited, content.slug);
    expect(rewritten.text).toBe('More Text ![A](a.png)\n\n{% figure src="dog.png" /%}\n');
    expect(Object.keys(written(withFigure, rewritten)).sort()).toEqual(['posts/hello/content/a.png', 'posts/hello/content/dog.png']);
  });

  it('stay text when the file is not there, or the src is an address', () => {
    for (const text of ['![A](gone.png)\n', '![A](https://x.test/a.png)\n']) {
      const opened = openContent(field, open(shape, text, new Map()), kindOf);
      if (!opened.ok) throw new Error('the content does not open');
      expect(opened.state.doc.firstChild!.textContent).toBe(text.trimEnd());
    }
  });
});

describe('images in options.image.directory', () => {
  const shape = post({ image: { directory: 'public/images/posts/', publicPath: '/images/posts' } });
  const field = shape.schema.content as ContentField;

  it('are the files below <directory>/<slug>/, named in the text by publicPath and slug', () => {
    expect(imageFolder(field, 'content')).toEqual({ directory: 'public/images/posts', filename: '' });
    const files = new Map([['public/images/posts/hello/a.png', png]]);
    const content = open(shape, '![A](/images/posts/hello/a.png)\n', files);
    expect(content.slug).toBe('hello');
    const opened = openContent(field, content, kindOf);
    if (!opened.ok) throw new Error('the content does not open');
    expect(opened.state.doc.firstChild!.firstChild!.type.name).toBe('image');
    const edited = writeContent(field, opened.state, content.slug);
    expect(edited.text).toBe('![A](/images/posts/hello/a.png)\n');
    expect(written(shape, edited)).toEqual({ 'public/images/posts/hello/a.png': png });
  });
});

describe('fields without images', () => {
  it('read no folder', () => {
    const shape = post({ image: false });
    expect(imageFolder(shape.schema.content as ContentField, 'content')).toBeNull();
    expect(open(shape, 'x\n', new Map([['posts/hello/content/a.png', png]]))).toEqual({ ...textOnly('x\n'), slug: 'hello' });
  });
});

/** The editor's state of `content` (which must open). */
function opened(field: ContentField, content: ContentState): EditorState {
  const result = openContent(field, content, kindOf);
  if (!result.ok) throw new Error('the content does not open');
  return result.state;
}

/** `state` with a file put in at the end of its text, as the toolbar, a paste or a drop puts it. */
function withUpload(state: EditorState, filename: string, bytes: Uint8Array): EditorState {
  let next = state.apply(state.tr.setSelection(Selection.atEnd(state.doc)));
  insertImage({ filename, bytes })(next, (tr) => (next = next.apply(tr)));
  return next;
}

/** The post's files (path → bytes or text) for a slug, as a save writes them. */
function saved(shape: EntryShape, slug: string, content: ContentState): Record<string, Uint8Array | string> {
  const state = { title: { name: slug, slug }, content };
  const serialized = serializeEntry(shape, state);
  const at = collectionPlace(collectionLayout('posts/*'), slug);
  return {
    [`posts/${slug}.mdoc`]: serialized.data,
    ...Object.fromEntries(serialized.files.map((file) => [extraFilePath(at, slug, file), file.contents])),
  };
}

describe('images in a directory name the slug the entry has when it is saved', () => {
  const shape = post({ image: { directory: 'public/images/posts/', publicPath: '/images/posts' } });
  const field = shape.schema.content as ContentField;

  it('in a new entry whose title is typed after the image went in', () => {
    // A new entry's content has no slug yet: the editor writes the image for the slug it knows.
    const empty = defaultEntryState(shape).content as ContentState;
    const edited = writeContent(field, withUpload(opened(field, empty), 'a.png', png), empty.slug);
    expect(saved(shape, 'first-post', edited)).toEqual({
      'posts/first-post.mdoc': '---\ntitle: first-post\n---\n![](/images/posts/first-post/a.png)\n',
      'public/images/posts/first-post/a.png': png,
    });
    // The next change is written for the slug, so a save need not write it twice.
    expect(lastSlug(edited)).toBe('first-post');
  });

  it('in an entry renamed, its content untouched or edited', () => {
    const files = new Map([['public/images/posts/hello/a.png', png]]);
    const content = open(shape, '![A](/images/posts/hello/a.png)\n', files);
    const state = opened(field, content);
    expect(saved(shape, 'renamed', content)).toEqual({
      'posts/renamed.mdoc': '---\ntitle: renamed\n---\n![A](/images/posts/renamed/a.png)\n',
      'public/images/posts/renamed/a.png': png,
    });
    const other = new Uint8Array([1, 2, 3]);
    const edited = writeContent(field, withUpload(state, 'b.png', other), content.slug);
    expect(saved(shape, 'renamed', edited)).toEqual({
      'posts/renamed.mdoc': '---\ntitle: renamed\n---\n![A](/images/posts/renamed/a.png)![](/images/posts/renamed/b.png)\n',
      'public/images/posts/renamed/a.png': png,
      'public/images/posts/renamed/b.png': other,
    });
    // Back to its own slug, it writes what it read.
    expect(saved(shape, 'hello', content)['posts/hello.mdoc']).toBe('---\ntitle: hello\n---\n![A](/images/posts/hello/a.png)\n');
  });

  it('and keep showing in the editor whatever the slug', () => {
    const empty = defaultEntryState(shape).content as ContentState;
    const edited = writeContent(field, withUpload(opened(field, empty), 'a.png', png), empty.slug);
    saved(shape, 'first-post', edited);
    // The editor keeps its document: the image carries its bytes, by file name.
    const image = opened(field, edited).doc.firstChild!.firstChild!;
    expect(image.attrs).toMatchObject({ filename: 'a.png', src: png });
  });
});

describe('uploads whose name is taken', () => {
  const shape = post();
  const field = shape.schema.content as ContentField;
  const red = new Uint8Array([1]);
  const blue = new Uint8Array([2]);
  const green = new Uint8Array([3]);

  it('by another image of the field, or a file of its folder, get the next free name', () => {
    const content = open(shape, 'Text\n', new Map([['posts/hello/content/photo-1.png', green]]));
    let state = withUpload(opened(field, content), 'photo.png', red);
    state = withUpload(state, 'photo.png', blue);
    state = withUpload(state, 'photo.png', green);
    const edited = writeContent(field, state, content.slug);
    expect(edited.text).toBe('Text![](photo.png)![](photo-2.png)![](photo-1.png)\n');
    expect(written(shape, edited)).toEqual({
      'posts/hello/content/photo.png': red,
      'posts/hello/content/photo-2.png': blue,
      // The same bytes as a file there share its name.
      'posts/hello/content/photo-1.png': green,
    });
  });
});

describe("files that components' props name", () => {
  const figure = (src: Record<string, unknown>, kind: 'markdoc' | 'mdx' = 'markdoc'): EntryShape => ({
    ...post(),
    schema: normalizeSchema({
      title: { kind: 'slug', label: 'Title' },
      content: {
        kind,
        label: 'Content',
        components: { figure: { kind: 'block', label: 'Figure', schema: { src, attachment: { kind: 'file', label: 'Attachment' } } } },
      },
    }),
  });
  const cat = new Uint8Array([9, 9]);

  /** `state` with the first figure's props changed by `change`. */
  function withFigureProps(state: EditorState, change: (props: Record<string, unknown>) => Record<string, unknown>): EditorState {
    let at = -1;
    state.doc.descendants((node, pos) => {
      if (at === -1 && node.type.name === 'figure') at = pos;
    });
    const node = state.doc.nodeAt(at)!;
    return state.apply(state.tr.setNodeMarkup(at, undefined, { ...node.attrs, props: change(node.attrs.props as Record<string, unknown>) }));
  }

  it('open with their bytes, keep their own names, and go when no prop names them', () => {
    const shape = figure({ kind: 'image', label: 'Picture' });
    const field = shape.schema.content as ContentField;
    const content = open(shape, '{% figure src="dog.png" attachment="menu.pdf" /%}\n', new Map([
      ['posts/hello/content/dog.png', png],
      ['posts/hello/content/menu.pdf', cat],
    ]));
    const state = opened(field, content);
    expect(state.doc.firstChild!.attrs.props).toMatchObject({ src: { filename: 'dog.png', bytes: png }, attachment: { filename: 'menu.pdf', bytes: cat } });
    const replaced = withFigureProps(state, (props) => ({ ...props, src: { filename: 'my cat.png', extension: 'png', bytes: cat } }));
    const edited = writeContent(field, replaced, 'hello');
    expect(edited.text).toBe('{% figure src="my cat.png" attachment="menu.pdf" /%}\n');
    expect(written(shape, edited)).toEqual({ 'posts/hello/content/my cat.png': cat, 'posts/hello/content/menu.pdf': cat });
  });

  it('in a directory, named by publicPath and the slug the entry has when it is saved', () => {
    const shape = figure({ kind: 'image', label: 'Picture', directory: 'public/images/figures/', publicPath: '/images/figures/' });
    const field = shape.schema.content as ContentField;
    const content = open(shape, '{% figure src="/images/figures/hello/dog.png" /%}\n', new Map([['public/images/figures/hello/dog.png', png]]));
    expect(opened(field, content).doc.firstChild!.attrs.props).toMatchObject({ src: { filename: 'dog.png', bytes: png } });
    expect(saved(shape, 'renamed', content)).toEqual({
      'posts/renamed.mdoc': '---\ntitle: renamed\n---\n{% figure src="/images/figures/renamed/dog.png" /%}\n',
      'public/images/figures/renamed/dog.png': png,
    });
  });

  it('leave the files beside them that no prop named when the text opened', () => {
    const shape = figure({ kind: 'image', label: 'Picture' });
    const field = shape.schema.content as ContentField;
    const content = open(shape, 'Text\n', new Map([
      ['posts/hello/content/notes.txt', cat],
      ['posts/hello/content/unshown.png', png],
    ]));
    const edited = writeContent(field, opened(field, content), 'hello');
    // An image the text does not show goes, as Keystatic deletes it; a file of another kind stays.
    expect(written(shape, edited)).toEqual({ 'posts/hello/content/notes.txt': cat });
  });

  it('in MDX, as attributes of the element', () => {
    const shape = figure({ kind: 'image', label: 'Picture' }, 'mdx');
    const field = shape.schema.content as ContentField;
    const content = open(shape, '<figure src="dog.png" />\n', new Map([['posts/hello/content/dog.png', png]]));
    const replaced = withFigureProps(opened(field, content), (props) => ({ ...props, attachment: { filename: 'menu.pdf', extension: 'pdf', bytes: cat } }));
    const edited = writeContent(field, replaced, 'hello');
    expect(edited.text).toBe('<figure src="dog.png" attachment="menu.pdf" />\n');
    expect(written(shape, edited)).toEqual({ 'posts/hello/content/dog.png': png, 'posts/hello/content/menu.pdf': cat });
  });

  it('chosen in the dialog, take a name no other file of the folder holds with other bytes', () => {
    const shape = figure({ kind: 'image', label: 'Picture' });
    const field = shape.schema.content as ContentField;
    const content = open(shape, '![A](photo.png)\n\n{% figure src="dog.png" /%}\n\n{% figure /%}\n', new Map([
      ['posts/hello/content/dog.png', png],
      ['posts/hello/content/photo.png', png],
      ['posts/hello/content/cat.png', cat],
    ]));
    const state = opened(field, content);
    const figures: number[] = [];
    state.doc.descendants((node, pos) => void (node.type.name === 'figure' && figures.push(pos)));
    const codec = editorSchemaFor(field, kindOf).components.get('figure')!.props;
    const free = (filename: string, bytes: Uint8Array, props: Record<string, unknown> = { src: null, attachment: null }) =>
      freePropFileName(state, { directory: null, filename }, bytes, figures[1]!, codec, props);
    // Another figure's file, an image of the text, a file of the folder: each name is taken.
    expect(free('dog.png', cat)).toBe('dog-1.png');
    expect(free('photo.png', cat)).toBe('photo-1.png');
    expect(free('cat.png', png)).toBe('cat-1.png');
    // The same bytes share the name; so do the figure's own props as they stand in the dialog.
    expect(free('dog.png', png)).toBe('dog.png');
    expect(free('new.png', png, { src: null, attachment: { filename: 'new.png', extension: 'png', bytes: cat } })).toBe('new-1.png');
    expect(free('new.png', png)).toBe('new.png');
  });

  it('that are not there keep the address they hold', () => {
    const shape = figure({ kind: 'image', label: 'Picture' });
    const field = shape.schema.content as ContentField;
    const content = open(shape, '{% figure src="https://x.test/dog.png" /%}\n', new Map());
    const state = opened(field, content);
    expect(state.doc.firstChild!.attrs.props).toMatchObject({ src: { filename: 'https://x.test/dog.png', bytes: null } });
    expect(writeContent(field, state, 'hello').text).toBe('{% figure src="https://x.test/dog.png" /%}\n');
  });
});
