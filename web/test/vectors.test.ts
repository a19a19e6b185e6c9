/** Runs every shared vector of vectors/ (the Rust gate runs the same files). */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Format } from '../src/api/config';
import { parseEntry, serializeEntry } from '../src/entry/formState';
import type { EntryState } from '../src/entry/formState';
import { collectionLayout } from '../src/entry/paths';
import { collectionPlace, extraFilePath, singletonPlace } from '../src/entry/place';
import type { EntryPlace } from '../src/entry/place';
import type { EntryShape } from '../src/entry/shape';
import type { SlugRules } from '../src/fields/kind';
import { kindOf } from '../src/fields/registry';
import { loadPatternEngine } from '../src/fields/text/patterns';
import { normalizeField, normalizeFormat, normalizeSchema } from './normalized';
import { fromVector, mapFields, toVector } from './vectorState';

const vectors = join(import.meta.dirname, '../../vectors');

type FieldCase = {
  name: string;
  field: Record<string, unknown>;
  data: string;
  slugRules?: { glob?: '*' | '**'; slugs?: string[] };
  /** The data file's format; YAML when absent. */
  format?: 'yaml' | 'json';
  errors: string[];
  /** False when the admin cannot open the entry (a value of the wrong shape); true when absent. */
  opens?: boolean;
};

type SerializeVector = {
  name: string;
  schema: Record<string, Record<string, unknown>>;
  format: Format;
  slugField: string | null;
  state: EntryState;
  files: Record<string, string> & { data: string };
  /** Asset files by site path, the entry placed as the Rust side places it (`items/*`, `item`). */
  assets?: { path: string; bytesBase64: string }[];
};

function readJson<T>(folder: string): [string, T][] {
  const dir = join(vectors, folder);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => [name, JSON.parse(readFileSync(join(dir, name), 'utf8')) as T]);
}

/**
 * The messages the admin shows for a case (the first parse problem, else the field's validation), and
 * whether it opens the entry.
 */
function fieldErrors(testCase: FieldCase): { errors: string[]; opens: boolean } {
  const field = normalizeField(testCase.field);
  const format = testCase.format ?? 'yaml';
  const shape: EntryShape = { schema: { field }, format: { data: format, contentField: null }, slugField: null };
  const parsed = parseEntry(shape, { data: testCase.data, content: {} }, `data.${format}`, '');
  if (!parsed.ok) return { errors: parsed.problems.slice(0, 1).map((problem) => problem.message), opens: false };
  const slugRules: SlugRules = {
    glob: testCase.slugRules?.glob ?? '*',
    slugs: new Set(testCase.slugRules?.slugs ?? []),
  };
  const message = kindOf(field).schema.validate(field, parsed.state.field, { slugRules });
  return { errors: message === null ? [] : [message], opens: true };
}

describe('field vectors', () => {
  // The admin loads its pattern engine when a form with patterns opens.
  beforeAll(() => loadPatternEngine());

  for (const [file, vector] of readJson<{ kind: string; cases: FieldCase[] }>('fields')) {
    describe(file, () => {
      it('names its kind', () => expect(`${vector.kind}.json`).toBe(file));
      for (const testCase of vector.cases) {
        it(testCase.name, () => {
          expect(testCase.field.kind).toBe(vector.kind);
          expect(fieldErrors(testCase)).toEqual({ errors: testCase.errors, opens: testCase.opens ?? true });
        });
      }
    });
  }
});

describe('serialize vectors', () => {
  for (const [file, vector] of readJson<SerializeVector>('serialize')) {
    const shape: EntryShape = {
      schema: normalizeSchema(vector.schema),
      format: normalizeFormat(vector.format),
      slugField: vector.slugField,
    };
    const { data, ...content } = vector.files;
    const slug = vector.slugField === null ? undefined : (vector.state[vector.slugField] as { slug: string }).slug;
    // Where the Rust side's harness puts the entry: a collection at `items/*`, a singleton at `item`.
    const place: EntryPlace = slug === undefined ? singletonPlace({ path: 'item' } as never) : collectionPlace(collectionLayout('items/*'), slug);
    const assets = new Map((vector.assets ?? []).map((asset) => [asset.path, asset.bytesBase64]));

    it(`${file}: ${vector.name}`, () => {
      const serialized = serializeEntry(shape, mapFields(shape.schema, vector.state, fromVector));
      expect({ data: serialized.data, content: serialized.content }).toEqual({ data, content });
      const written = serialized.files.map(
        (extra) => [extraFilePath(place, slug, extra), Buffer.from(extra.contents).toString('base64')] as const,
      );
      expect(new Map(written)).toEqual(assets);
    });

    it(`${file}: reads back to the same state`, () => {
      const readFile = (ref: Parameters<typeof extraFilePath>[2]) => {
        const base64 = assets.get(extraFilePath(place, slug, ref));
        return base64 === undefined ? null : new Uint8Array(Buffer.from(base64, 'base64'));
      };
      const parsed = parseEntry(shape, { data, content, readFile }, 'data', slug ?? '');
      expect(parsed.ok && mapFields(shape.schema, parsed.state, toVector)).toEqual(vector.state);
    });
  }
});
