import { describe, expect, it } from 'vitest';
import { normalizeSchema } from '../../test/normalized';
import { textOnly } from '../fields/content/images';
import { defaultEntryState, entrySlug, parseEntry, serializeEntry, validateEntry, withSlug } from './formState';
import { formatProblem } from './problem';
import type { EntryShape } from './shape';

const post: EntryShape = {
  schema: normalizeSchema({
    title: { kind: 'slug', label: 'Title' },
    publishedDate: { kind: 'date', label: 'Published date', validation: { isRequired: true } },
    author: { kind: 'slug', label: 'Author' },
    gallery: { kind: 'ignored', label: 'Gallery' },
    content: { kind: 'markdoc', label: 'Content' },
  }),
  format: { data: 'yaml', contentField: ['content'] },
  slugField: 'title',
};

const file = (data: string, body = 'Body\n') => ({ data: `---\n${data}---\n${body}`, content: {} });

describe('parseEntry', () => {
  it('reads the slug from the path and the name from the file', () => {
    const parsed = parseEntry(post, file('title: Hello\nauthor:\n  name: Ada\n  slug: ada\n'), 'p/hello.mdoc', 'hello');
    expect(parsed).toEqual({
      ok: true,
      state: {
        title: { name: 'Hello', slug: 'hello' },
        publishedDate: null,
        author: { name: 'Ada', slug: 'ada' },
        gallery: undefined,
        content: { ...textOnly('Body\n'), slug: 'hello' },
      },
      frontmatterMissing: false,
    });
  });

  it('points YAML errors at the line of the file, counting the opening fence', () => {
    const parsed = parseEntry(post, file('title: Hi\npublishedDate: a: b\n'), 'p/x.mdoc', 'x');
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problems.map(formatProblem)).toEqual(['p/x.mdoc:3:17: bad indentation of a mapping entry']);
  });

  it('points JSON errors at their line', () => {
    const shape: EntryShape = { ...post, format: { data: 'json', contentField: null } };
    const parsed = parseEntry(shape, { data: '{\n  "title": "Hi",\n}\n', content: {} }, 'p/x.json', 'x');
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problems[0]).toMatchObject({ path: 'p/x.json', line: 3, column: 1 });
  });

  it('lists every key the schema does not declare', () => {
    const parsed = parseEntry(post, file('title: Hi\nx: 1\ny: 2\n'), 'p/x.mdoc', 'x');
    expect(parsed.ok ? [] : parsed.problems.map(formatProblem)).toEqual([
      'p/x.mdoc: Key on object value "x" is not allowed',
      'p/x.mdoc: Key on object value "y" is not allowed',
    ]);
  });

  it('names the field whose value has the wrong shape', () => {
    const parsed = parseEntry(post, file('title: 3\npublishedDate: [2024-01-01]\n'), 'p/x.mdoc', 'x');
    expect(parsed.ok ? [] : parsed.problems.map(formatProblem)).toEqual([
      'p/x.mdoc: title: Must be a string',
      'p/x.mdoc: publishedDate: Must be a string or date',
    ]);
  });

  it('reads a file without frontmatter as an empty entry with a body', () => {
    const parsed = parseEntry(post, { data: 'Just text\n', content: {} }, 'p/x.mdoc', 'x');
    expect(parsed.ok && parsed.state.content).toEqual({ ...textOnly('Just text\n'), slug: 'x' });
    expect(parsed.ok && parsed.frontmatterMissing).toBe(true);
  });

  it('says the frontmatter is there when it is, even empty', () => {
    const parsed = parseEntry(post, { data: '---\n---\nJust text\n', content: {} }, 'p/x.mdoc', 'x');
    expect(parsed.ok && parsed.frontmatterMissing).toBe(false);
  });
});

describe('ignored fields', () => {
  it('carry their stored value through a save untouched', () => {
    const data = 'title: Hi\nauthor:\n  name: Ada\n  slug: ada\ngallery:\n  - src: a.png\n    alt: A\n';
    const parsed = parseEntry(post, file(data, ''), 'p/x.mdoc', 'x');
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(serializeEntry(post, parsed.state).data).toBe(`---\n${data}---\n`);
  });
});

describe('validateEntry', () => {
  const state = {
    ...defaultEntryState(post),
    title: { name: 'Hello', slug: 'taken' },
    author: { name: 'Ada', slug: 'taken' },
  };

  it('checks the slug field against the collection and other slug fields on their own', () => {
    expect(validateEntry(post, state, { slugRules: { glob: '*', slugs: new Set(['taken']) } })).toEqual({
      title: 'Slug must be unique',
      publishedDate: 'Published date is required',
    });
  });
});

describe('nested problems', () => {
  const shape: EntryShape = {
    schema: normalizeSchema({
      gallery: { kind: 'array', label: 'Gallery', element: { kind: 'object', label: 'Image', fields: { caption: { kind: 'text', label: 'Caption' } } } },
    }),
    format: { data: 'yaml', contentField: null },
    slugField: null,
  };

  it('are named by their dotted path below the field', () => {
    const parsed = parseEntry(shape, { data: 'gallery:\n  - caption: A\n  - caption: [3]\n', content: {} }, 'x.yaml', '');
    expect(parsed.ok ? [] : parsed.problems.map(formatProblem)).toEqual(['x.yaml: gallery.1.caption: Must be a string']);
  });

  it('name the item at fault in a list of choices', () => {
    const choices: EntryShape = {
      schema: normalizeSchema({
        tags: { kind: 'multiselect', label: 'Tags', options: [{ label: 'Git', value: 'git' }] },
        related: { kind: 'multiRelationship', label: 'Related', collection: 'posts' },
      }),
      format: { data: 'yaml', contentField: null },
      slugField: null,
    };
    const parsed = parseEntry(choices, { data: 'tags: [git, [golf]]\nrelated: [a, { b: 3 }]\n', content: {} }, 'x.yaml', '');
    expect(parsed.ok ? [] : parsed.problems.map(formatProblem)).toEqual([
      'x.yaml: tags.1: Must be a string',
      'x.yaml: related.1: Must be a string',
    ]);
  });
});

describe('a text slug field (Keystatic allows one)', () => {
  const changelog: EntryShape = {
    schema: normalizeSchema({
      date: { kind: 'text', label: 'Date', validation: { isRequired: true } },
      summary: { kind: 'text', label: 'Summary' },
    }),
    format: { data: 'yaml', contentField: null },
    slugField: 'date',
  };
  const rules = { slugRules: { glob: '*' as const, slugs: new Set(['2024-05-01']) } };

  it('holds the file name, whatever the data says, and is never written', () => {
    const parsed = parseEntry(changelog, { data: 'date: ignored\nsummary: Quieter lists\n', content: {} }, 'c/2024-06-01.yaml', '2024-06-01');
    expect(parsed).toEqual({ ok: true, state: { date: '2024-06-01', summary: 'Quieter lists' }, frontmatterMissing: false });
    if (!parsed.ok) return;
    expect(entrySlug(changelog, parsed.state)).toBe('2024-06-01');
    expect(serializeEntry(changelog, parsed.state).data).toBe('summary: Quieter lists\n');
    expect(entrySlug(changelog, withSlug(changelog, parsed.state, '2024-06-02'))).toBe('2024-06-02');
  });

  it('is held to its text rules and to a slug’s', () => {
    expect(validateEntry(changelog, { date: '', summary: '' }, rules)).toEqual({ date: 'Date must not be empty' });
    expect(validateEntry(changelog, { date: 'a/b', summary: '' }, rules)).toEqual({ date: 'Date must not contain slashes' });
    expect(validateEntry(changelog, { date: '2024-05-01', summary: '' }, rules)).toEqual({ date: 'Date must be unique' });
    expect(validateEntry(changelog, { date: '2024-06-01', summary: '' }, rules)).toEqual({});
  });
});

describe('a content field inside an object as the body (contentField: [page, body])', () => {
  const page: EntryShape = {
    schema: normalizeSchema({
      title: { kind: 'slug', label: 'Title' },
      page: {
        kind: 'object',
        label: 'Page',
        fields: { lead: { kind: 'markdoc', label: 'Lead' }, body: { kind: 'markdoc', label: 'Body' } },
      },
    }),
    format: { data: 'yaml', contentField: ['page', 'body'] },
    slugField: 'title',
  };
  const lead = new TextEncoder().encode('A lead\n');

  it('reads the text after the frontmatter as that field, and its sibling from its own file', () => {
    const parsed = parseEntry(
      page,
      { data: '---\ntitle: Home\npage: {}\n---\nThe body\n', content: {}, readFile: (ref) => (ref.filename === 'page/lead.mdoc' ? lead : null) },
      'pages/home.mdoc',
      'home',
    );
    expect(parsed.ok && parsed.state.page).toEqual({ lead: { ...textOnly('A lead\n'), slug: 'home' }, body: { ...textOnly('The body\n'), slug: 'home' } });
  });

  it('writes that field after the frontmatter and no file of its own, as Keystatic does', () => {
    const state = { title: { name: 'Home', slug: 'home' }, page: { lead: textOnly('A lead\n'), body: textOnly('The body\n') } };
    const written = serializeEntry(page, state);
    expect(written.data).toBe('---\ntitle: Home\npage: {}\n---\nThe body\n');
    expect(written.files.map((file) => file.filename)).toEqual(['page/lead.mdoc']);
  });
});

describe("a conditional's value as the body (contentField: [aside, value])", () => {
  const page: EntryShape = {
    schema: normalizeSchema({
      title: { kind: 'slug', label: 'Title' },
      aside: {
        kind: 'conditional',
        label: 'Aside',
        discriminant: { kind: 'select', label: 'Kind', options: [{ label: 'Note', value: 'note' }, { label: 'Story', value: 'story' }], defaultValue: 'note' },
        values: { note: { kind: 'markdoc', label: 'Note' }, story: { kind: 'markdoc', label: 'Story' } },
      },
    }),
    format: { data: 'yaml', contentField: ['aside', 'value'] },
    slugField: 'title',
  };
  const data = '---\ntitle: Home\naside:\n  discriminant: story\n---\nA story\n';

  it('reads the text after the frontmatter as the chosen value, and writes it back there', () => {
    const parsed = parseEntry(page, { data, content: {} }, 'pages/home.mdoc', 'home');
    expect(parsed.ok && parsed.state.aside).toEqual({ discriminant: 'story', value: { ...textOnly('A story\n'), slug: 'home' } });
    if (!parsed.ok) return;
    const written = serializeEntry(page, parsed.state);
    expect(written.data).toBe(data);
    expect(written.files).toEqual([]);
  });
});

describe('an emptyContent field as the body (a body the admin does not edit)', () => {
  const shape: EntryShape = {
    schema: normalizeSchema({
      title: { kind: 'text', label: 'Title' },
      body: { kind: 'emptyContent', label: 'Body', extension: 'mdx' },
    }),
    format: { data: 'yaml', contentField: ['body'] },
    slugField: null,
  };

  it('keeps the body byte for byte through a save, where Keystatic would empty it', () => {
    const data = '---\ntitle: Kept\n---\nimport X from "./x";\n\n<X weird={1} />\n';
    const parsed = parseEntry(shape, { data, content: {} }, 'page.mdx', '');
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(serializeEntry(shape, { ...parsed.state, title: 'Changed' }).data).toBe(
      '---\ntitle: Changed\n---\nimport X from "./x";\n\n<X weird={1} />\n',
    );
  });
});

describe('empty content fields elsewhere than the body (files of their own, as Keystatic writes them)', () => {
  const shape: EntryShape = {
    schema: normalizeSchema({
      notes: { kind: 'emptyContent', label: 'Notes', extension: 'mdx' },
      extra: { kind: 'object', label: 'Extra', fields: { page: { kind: 'emptyDocument', label: 'Page' } } },
    }),
    format: { data: 'yaml', contentField: null },
    slugField: null,
  };
  const bytes = (text: string) => new TextEncoder().encode(text);
  const asText = (files: { filename: string; contents: Uint8Array }[]) =>
    Object.fromEntries(files.map((f) => [f.filename, new TextDecoder().decode(f.contents)]));

  it('a new entry writes each file empty, named after its prop path and extension', () => {
    const written = serializeEntry(shape, defaultEntryState(shape));
    expect(written.data).toBe('extra: {}\n');
    expect(asText(written.files)).toEqual({ 'notes.mdx': '', 'extra/page.mdoc': '' });
  });

  it('keeps what the files hold, which the admin neither shows nor empties, and a value stored under the key', () => {
    const held: Record<string, string> = { 'notes.mdx': '# Written elsewhere\n', 'extra/page.mdoc': 'Kept {% x /%}\n' };
    const parsed = parseEntry(
      shape,
      { data: 'notes: legacy\nextra: {}\n', content: {}, readFile: (ref) => { const text = held[ref.filename]; return text === undefined ? null : bytes(text); } },
      'item.yaml',
      '',
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const written = serializeEntry(shape, parsed.state);
    expect(written.data).toBe('notes: legacy\nextra: {}\n');
    expect(asText(written.files)).toEqual(held);
  });
});
