import { describe, expect, it } from 'vitest';
import { normalizeSchema } from '../../test/normalized';
import { parseEntry, serializeEntry, validateEntry } from '../entry/formState';
import type { EntryState } from '../entry/formState';
import type { EntryShape } from '../entry/shape';
import { standaloneSlugRules } from './kind';
import { StoredValue } from './stored';

const options = [
  { label: 'News', value: 'news' },
  { label: 'Guide', value: 'guide' },
];

const shape = (format: 'yaml' | 'json'): EntryShape => ({
  schema: normalizeSchema({
    title: { kind: 'text', label: 'Title' },
    publishedDate: { kind: 'date', label: 'Published date' },
    updated: { kind: 'datetime', label: 'Updated' },
    age: { kind: 'integer', label: 'Age' },
    rating: { kind: 'number', label: 'Rating' },
    draft: { kind: 'checkbox', label: 'Draft' },
    category: { kind: 'select', label: 'Category', options, defaultValue: 'news' },
    tags: { kind: 'multiselect', label: 'Tags', options },
    link: { kind: 'url', label: 'Link' },
    author: { kind: 'relationship', label: 'Author', collection: 'authors' },
    related: { kind: 'multiRelationship', label: 'Related', collection: 'posts' },
    source: { kind: 'pathReference', label: 'Source' },
    extra: { kind: 'ignored', label: 'Extra' },
  }),
  format: { data: format, contentField: null },
  slugField: null,
});

function open(data: string, format: 'yaml' | 'json' = 'yaml'): EntryState {
  const parsed = parseEntry(shape(format), { data, content: {} }, 'x', '');
  if (!parsed.ok) throw new Error(parsed.problems.map((problem) => problem.message).join('\n'));
  return parsed.state;
}

const messages = (state: EntryState, format: 'yaml' | 'json' = 'yaml') =>
  validateEntry(shape(format), state, { slugRules: standaloneSlugRules });

/** The data file after the editor changed only the title. */
const savedWithTitle = (state: EntryState, format: 'yaml' | 'json' = 'yaml') =>
  serializeEntry(shape(format), { ...state, title: 'Changed' }).data;

describe('stored values a field cannot hold', () => {
  // Each file as js-yaml writes it, with a title first; the value under test is kept byte for byte.
  const yamlCases: [string, string, string][] = [
    ['publishedDate: 2024-13-45', 'publishedDate', 'Published date is not a valid date'],
    ['publishedDate: 2023-02-29', 'publishedDate', 'Published date is not a valid date'],
    ["publishedDate: '2024-02-30'", 'publishedDate', 'Published date is not a valid date'],
    ['publishedDate: 2024-06-26T10:30:00Z', 'publishedDate', 'Published date is not a valid date'],
    ['publishedDate: 2024-06-26T00:00:00+02:00', 'publishedDate', 'Published date is not a valid date'],
    ['publishedDate: 20240626', 'publishedDate', 'Must be a string or date'],
    ['updated: 2024-01-01T25:61:00Z', 'updated', 'Updated is not a valid datetime'],
    ['updated: 2024-06-26T18:30:45.000Z', 'updated', 'Updated is not a valid datetime'],
    ["updated: '2024-06-26T18:30:00.000Z'", 'updated', 'Updated is not a valid datetime'],
    ['age: 12abc', 'age', 'Must be a number'],
    ["age: '12'", 'age', 'Must be a number'],
    ['age: 1.5', 'age', 'Age must be a whole number'],
    ['age: 12345678901234567000', 'age', 'Age must be a whole number'],
    ["rating: '4.5'", 'rating', 'Must be a number'],
    ["draft: 'true'", 'draft', 'Must be a boolean'],
    ["draft: 'yes'", 'draft', 'Must be a boolean'],
    ['draft: 1', 'draft', 'Must be a boolean'],
    ['category: opinion', 'category', 'Must be a valid option'],
    ['category: 3', 'category', 'Must be a string'],
    ['tags:\n  - news\n  - opinion', 'tags', 'Must be a valid option'],
    ['link: 42', 'link', 'Must be a string'],
    ['author: 42', 'author', 'Must be a string'],
    ['related:\n  - a\n  - 3', 'related', 'Must be a string'],
    ['source: true', 'source', 'Must be a string'],
  ];

  /** The file js-yaml writes with the title and `line` (the values always written included). */
  const file = (title: string, key: string, line: string) => {
    const always: Record<string, string> = { draft: 'draft: false', category: 'category: news', tags: 'tags: []', related: 'related: []' };
    const lines = Object.keys(shape('yaml').schema).flatMap((name) => {
      if (name === 'title') return [`title: ${title}`];
      if (name === key) return [line];
      return always[name] === undefined ? [] : [always[name]];
    });
    return `${lines.join('\n')}\n`;
  };

  for (const [line, key, message] of yamlCases) {
    it(`${line.replace(/\n.*/s, '')}…: opens with "${message}" and is written back as it was`, () => {
      const state = open(file('Hello', key, line));
      expect(messages(state)).toEqual({ [key]: message });
      expect(savedWithTitle(state)).toBe(file('Changed', key, line));
    });
  }

  it('keeps the stored text to show beside the field', () => {
    const state = open('title: Hello\npublishedDate: 2024-13-45\ndraft: yes\ntags: [news, opinion]\n');
    expect(state.publishedDate).toEqual(new StoredValue(expect.anything(), '2024-13-45', 'Published date is not a valid date'));
    expect((state.draft as StoredValue).text).toBe('yes');
    expect((state.tags as StoredValue).text).toBe('news, opinion');
  });

  it('is kept the same way in JSON data files', () => {
    const stored = { title: 'Hello', publishedDate: '2024-13-45', updated: '2024-06-26T18:30:45', age: '12', draft: 'true', category: 'opinion', tags: [], related: [] };
    const data = `${JSON.stringify(stored, null, 2)}\n`;
    const state = open(data, 'json');
    expect(messages(state, 'json')).toEqual({
      publishedDate: 'Published date is not a valid date',
      updated: 'Updated is not a valid datetime',
      age: 'Must be a number',
      draft: 'Must be a boolean',
      category: 'Must be a valid option',
    });
    expect(savedWithTitle(state, 'json')).toBe(data.replace('"Hello"', '"Changed"'));
  });

  it('leaves a value of the wrong shape to keep the entry shut', () => {
    const parsed = parseEntry(shape('yaml'), { data: 'age: [12]\ndraft: { a: 1 }\n', content: {} }, 'x.yaml', '');
    expect(parsed.ok ? [] : parsed.problems.map((problem) => `${problem.field}: ${problem.message}`)).toEqual([
      'age: Must be a number',
      'draft: Must be a boolean',
    ]);
  });

  it('gives way to what the editor sets', () => {
    const state = { ...open(file('Hello', 'publishedDate', 'publishedDate: 2024-13-45')), publishedDate: '2024-12-25' };
    expect(messages(state)).toEqual({});
    expect(serializeEntry(shape('yaml'), state).data).toBe(file('Hello', 'publishedDate', 'publishedDate: 2024-12-25'));
  });
});

describe('timestamps an ignored field holds', () => {
  it('are written back as they were written, not as full ISO times', () => {
    const data = "title: Hello\ndraft: false\ncategory: news\ntags: []\nrelated: []\nextra:\n  day: 2024-06-26\n  at: 2024-06-26 18:30:00 +02:00\n  odd: 2024-13-45\n  quoted: '2024-06-26'\n";
    expect(savedWithTitle(open(data))).toBe(data.replace('Hello', 'Changed'));
  });
});
