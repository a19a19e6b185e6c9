/** Runs every shared vector of vectors/ (the Rust gate runs the same files). */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Format } from '../src/api/config';
import { parseEntry, serializeEntry } from '../src/fields/entry';
import type { EntryShape, EntryState } from '../src/fields/entry';
import type { SlugRules } from '../src/fields/kind';
import { schemaFor } from '../src/fields/registry';
import { normalizeField, normalizeSchema } from './normalizeField';

const vectors = join(import.meta.dirname, '../../vectors');

type FieldCase = {
  name: string;
  field: Record<string, unknown>;
  data: string;
  slugRules?: { glob?: '*' | '**'; slugs?: string[] };
  errors: string[];
};

type SerializeVector = {
  name: string;
  schema: Record<string, Record<string, unknown>>;
  format: Format;
  slugField: string | null;
  state: EntryState;
  files: Record<string, string> & { data: string };
};

function readJson<T>(folder: string): [string, T][] {
  const dir = join(vectors, folder);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => [name, JSON.parse(readFileSync(join(dir, name), 'utf8')) as T]);
}

/** The messages the admin shows for a case: the first parse problem, else the field's validation. */
function fieldErrors(testCase: FieldCase): string[] {
  const field = normalizeField(testCase.field);
  const shape: EntryShape = { schema: { field }, format: { data: 'yaml', contentField: null }, slugField: null };
  const parsed = parseEntry(shape, { data: testCase.data, content: {} }, 'data.yaml', '');
  if (!parsed.ok) return parsed.problems.slice(0, 1).map((problem) => problem.message);
  const slugRules: SlugRules = {
    glob: testCase.slugRules?.glob ?? '*',
    slugs: new Set(testCase.slugRules?.slugs ?? []),
  };
  const message = schemaFor(field).validate(field, parsed.state.field, { slugRules });
  return message === null ? [] : [message];
}

describe('field vectors', () => {
  for (const [file, vector] of readJson<{ kind: string; cases: FieldCase[] }>('fields')) {
    describe(file, () => {
      it('names its kind', () => expect(`${vector.kind}.json`).toBe(file));
      for (const testCase of vector.cases) {
        it(testCase.name, () => {
          expect(testCase.field.kind).toBe(vector.kind);
          expect(fieldErrors(testCase)).toEqual(testCase.errors);
        });
      }
    });
  }
});

describe('serialize vectors', () => {
  for (const [file, vector] of readJson<SerializeVector>('serialize')) {
    const shape: EntryShape = {
      schema: normalizeSchema(vector.schema),
      format: vector.format,
      slugField: vector.slugField,
    };
    const { data, ...content } = vector.files;

    it(`${file}: ${vector.name}`, () => {
      expect(serializeEntry(shape, vector.state)).toEqual({ data, content });
    });

    it(`${file}: reads back to the same state`, () => {
      const slug = vector.slugField === null ? '' : (vector.state[vector.slugField] as { slug: string }).slug;
      expect(parseEntry(shape, { data, content }, 'data', slug)).toEqual({ ok: true, state: vector.state });
    });
  }
});
