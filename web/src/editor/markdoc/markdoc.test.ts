/** Markdoc text → document → text for each construct, and the problems of texts that do not fit. */
import { noPropFiles } from '../components';
import { describe, expect, it } from 'vitest';
import { testComponent } from '../../../test/editor/components';
import { defaultEditorOptions } from '../options';
import type { EditorOptions } from '../options';
import { ContentParseError } from '../parseError';
import { createEditorSchema } from '../schema/createSchema';
import { markdocToDoc } from './parse';
import { docToMarkdoc } from './serialize';

const note = testComponent('note', 'wrapper');

const columns = testComponent('columns', 'repeating', { children: ['note'], min: 2, max: 2 });

function roundTrip(text: string, options: Partial<EditorOptions> = {}): string {
  const editorSchema = createEditorSchema({ ...defaultEditorOptions, ...options }, [note, columns]);
  return docToMarkdoc(markdocToDoc(text, editorSchema)).text;
}

function problems(text: string, options: Partial<EditorOptions> = {}): string[] {
  const editorSchema = createEditorSchema({ ...defaultEditorOptions, ...options }, [note, columns]);
  try {
    markdocToDoc(text, editorSchema);
  } catch (error) {
    if (error instanceof ContentParseError) return error.problems.map((p) => `${p.line}:${p.message}`);
    throw error;
  }
  return [];
}

describe('writes as Keystatic does', () => {
  it.each([
    ['empty document', '', ''],
    ['one paragraph', 'hello', 'hello\n'],
    ['blank lines collapse', '\n\na\n\n\n\nb\n\n', 'a\n\nb\n'],
    ['underscore emphasis', '_a_ __b__', '*a* **b**\n'],
    ['strikethrough and code', '~~a~~ `b`', '~~a~~ `b`\n'],
    ['nested marks', '***a***', '***a***\n'],
    // Links open before other marks, as in Keystatic's schema.
    ['bold link', '**[a](/b)**', '[**a**](/b)\n'],
    ['headings', '# a\n###### b', '# a\n\n###### b\n'],
    ['soft break kept', 'a\nb', 'a\nb\n'],
    ['hard break as backslash', 'a  \nb', 'a\\\nb\n'],
    ['ordered list renumbered', '5. a\n6. b\n7. c', '5. a\n1. b\n1. c\n'],
    ['nested lists', '- a\n  - b\n- c', '- a\n  - b\n- c\n'],
    ['list markers', '* a\n+ b', '- a\n\n- b\n'],
    ['blockquote', '> a\n> b', '> a\nb\n'],
    ['code fence', '```ts \nlet a\n```', '```ts\nlet a\n```\n'],
    ['plain code fence', '```\na\n\n```', '```\na\n\n```\n'],
    ['divider', 'a\n\n***\n\nb', 'a\n\n---\n\nb\n'],
    ['link title dropped', '[a](/b "t")', '[a](/b)\n'],
    ['non-breaking space', 'a\u00a0b', 'a&nbsp;b\n'],
    // Markdoc 0.4.0 reads an HTML comment as text.
    ['comment kept', 'a\n\n<!-- c -->\n\nb', 'a\n\n<!-- c -->\n\nb\n'],
    ['wrapper tag', '{% note %}\n\na\n\n{% /note %}', '{% note %}\na\n{% /note %}\n'],
    [
      'table',
      '{% table %}\n* a\n* b\n---\n* c\n* d\n{% /table %}',
      '{% table %}\n- a\n- b\n---\n- c\n- d\n{% /table %}\n',
    ],
    ['image without its file stays text', '![a](https://x.test/i.png "t")', '![a](https://x.test/i.png "t")\n'],
  ])('%s', (_name, text, written) => {
    expect(roundTrip(text)).toBe(written);
  });

  it('keeps alignment and the document field marks when they are on', () => {
    const options = { alignment: true, underline: true, superscript: true, subscript: true, keyboard: true };
    const text = 'a {% textAlign="center" %}\n\n{% u %}b{% /u %} {% sup %}c{% /sup %} {% sub %}d{% /sub %} {% kbd %}e{% /kbd %}\n';
    expect(roundTrip(text, options)).toBe(text);
  });
});

describe('refuses what the field does not allow', () => {
  it.each([
    ['unknown inline tag', 'a {% callout %}b{% /callout %}', {}, ['1:Missing component definition for callout']],
    ['heading level', '#### a', { heading: [1, 2] as const }, ['1:heading is not allowed']],
    ['no headings', '# a', { heading: [] }, ['1:heading is not allowed']],
    ['blockquote off', '> a', { blockquote: false }, ['1:blockquote is not allowed']],
    ['lists off', '- a', { unorderedList: false }, ['1:list is not allowed']],
    ['code blocks off', '```\na\n```', { codeBlock: false }, ['1:fence is not allowed']],
    ['divider off', '---', { divider: false }, ['1:hr is not allowed']],
    ['bold off', '**a**', { bold: false }, ['1:strong is not allowed']],
    ['links off', '[a](/b)', { link: false }, ['1:link is not allowed']],
    ['tables off', '{% table %}\n* a\n{% /table %}', { table: false }, ['1:table is not allowed']],
    ['alignment off', 'a {% textAlign="center" %}', {}, ['1:The attribute "textAlign" is not allowed on paragraph']],
    ['annotation', '## a {% #x %}', {}, ['1:The attribute "id" is not allowed on heading']],
    [
      'too many children',
      '{% columns %}\n{% note %}\na\n{% /note %}\n{% note %}\nb\n{% /note %}\n{% note %}\nc\n{% /note %}\n{% /columns %}',
      {},
      ['1:tag has unexpected children'],
    ],
    ['unclosed tag', '{% note %}\na', {}, ["1:Node 'note' is missing closing"]],
    ['props on a component without', '{% note a=1 %}\nb\n{% /note %}', {}, ['1:note: Key on object value "a" is not allowed']],
    [
      'every problem at once',
      '# a\n\nc {% x /%}\n\n> b',
      { heading: [], blockquote: false },
      ['1:heading is not allowed', '3:Missing component definition for x', '5:blockquote is not allowed'],
    ],
  ])('%s', (_name, text, options, expected) => {
    expect(problems(text, options)).toEqual(expected);
  });
});

describe('images with files', () => {
  it('open as images when the file is there, and are written back with their files', () => {
    const editorSchema = createEditorSchema(defaultEditorOptions, []);
    const bytes = new Uint8Array([1, 2, 3]);
    // The content field looks files up by the decoded src, as Keystatic does.
    const image = (src: string) => (decodeURIComponent(src) === 'my photo.png' ? { filename: 'my photo.png', bytes } : null);
    const doc = markdocToDoc('![A photo](my%20photo.png "Title")\n', editorSchema, { image, files: noPropFiles });
    expect(doc.firstChild!.firstChild!.type.name).toBe('image');
    const written = docToMarkdoc(doc, { imageSrc: (filename) => `/images/post/${filename}`, slug: 'post' });
    expect(written.text).toBe('![A photo](/images/post/my%20photo.png "Title")\n');
    expect(written.images).toEqual([{ filename: 'my photo.png', bytes }]);
  });
});

describe('a block tag the field does not define', () => {
  const text = '{% gallery size=3 title="Trips" %}\n- a\n{% /gallery %}\n\nAfter\n';

  it('is kept as written, and written back untouched', () => {
    const editorSchema = createEditorSchema(defaultEditorOptions, [note, columns]);
    const doc = markdocToDoc(text, editorSchema);
    expect(doc.firstChild?.type.name).toBe('missing_block');
    expect(doc.firstChild?.attrs).toMatchObject({ name: 'gallery', props: { size: 3, title: 'Trips' } });
    expect(doc.firstChild?.attrs.text).toBe('{% gallery size=3 title="Trips" %}\n- a\n{% /gallery %}');
    expect(docToMarkdoc(doc).text).toBe(text);
  });
});
