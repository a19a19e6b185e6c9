/**
 * Keystatic's path rules (vectors/paths): where a collection's and a singleton's entries live and
 * which files an entry's form state writes. `cargo test` runs the same files through crates/content,
 * which also checks which slugs a site's files hold (the server lists them).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Format, Singleton } from '../src/api/config';
import { filesAsBytes, filesFor, stateFromFiles } from '../src/entry/files';
import { entrySlug } from '../src/entry/formState';
import { collectionLayout } from '../src/entry/paths';
import { collectionPlace, dataExtension, entryPaths, singletonPlace } from '../src/entry/place';
import type { EntryShape } from '../src/entry/shape';
import { normalizeFormat, normalizeSchema } from './normalized';
import { fromVector, mapFields, toVector } from './vectorState';

type Fragment = Record<string, Record<string, unknown>>;

type CollectionCase = {
  name: string;
  path: string;
  format?: Partial<Format>;
  /** Fields besides the slug field `title`. */
  schema?: Fragment;
  layout: { base: string; suffix: string; glob: '*' | '**'; location: 'index' | 'outer'; dataExtension: string };
  entries: Record<string, { dir: string; dataFile: string }>;
  tree: string[];
  slugs: string[];
};

type SingletonCase = { name: string; path: string; format?: Partial<Format>; schema?: Fragment; dir: string; dataFile: string };

type Owner = { path: string; format?: Partial<Format>; schema: Fragment };

type FilesCase = {
  name: string;
  collection?: Owner & { slugField: string };
  singleton?: Owner;
  state: Record<string, unknown>;
  files: Record<string, 'data' | 'content' | 'asset'>;
};

const folder = join(import.meta.dirname, '../../vectors/paths');

function cases<T>(file: string): T[] {
  return (JSON.parse(readFileSync(join(folder, file), 'utf8')) as { cases: T[] }).cases;
}

function singleton(path: string, format: Partial<Format> | undefined, schema: Fragment | undefined): Singleton {
  return { label: 'Singleton', path, format: normalizeFormat(format), entryLayout: 'form', previewUrl: null, schema: normalizeSchema(schema ?? {}) };
}

describe('path vectors', () => {
  it('cover every file of vectors/paths', () => {
    expect(readdirSync(folder).sort()).toEqual(['collections.json', 'files.json', 'singletons.json']);
  });
});

describe('collections', () => {
  for (const testCase of cases<CollectionCase>('collections.json')) {
    it(testCase.name, () => {
      const shape: EntryShape = {
        schema: normalizeSchema({ title: { kind: 'slug', label: 'Title' }, ...testCase.schema }),
        format: normalizeFormat(testCase.format),
        slugField: 'title',
      };
      const layout = collectionLayout(testCase.path);
      expect({ ...layout, dataExtension: dataExtension(shape) }).toEqual(testCase.layout);
      for (const [slug, expected] of Object.entries(testCase.entries)) {
        const place = collectionPlace(layout, slug);
        expect({ dir: place.dir, dataFile: entryPaths(shape, place).data }).toEqual(expected);
      }
    });
  }
});

describe('singletons', () => {
  for (const testCase of cases<SingletonCase>('singletons.json')) {
    it(testCase.name, () => {
      const config = singleton(testCase.path, testCase.format, testCase.schema);
      const place = singletonPlace(config);
      const shape: EntryShape = { schema: config.schema, format: config.format, slugField: null };
      expect({ dir: place.dir, dataFile: entryPaths(shape, place).data }).toEqual({ dir: testCase.dir, dataFile: testCase.dataFile });
    });
  }
});

describe("an entry's files", () => {
  for (const testCase of cases<FilesCase>('files.json')) {
    const owner = testCase.collection ?? testCase.singleton;
    if (owner === undefined) throw new Error(`${testCase.name}: names neither a collection nor a singleton`);
    const shape: EntryShape = {
      schema: normalizeSchema(owner.schema),
      format: normalizeFormat(owner.format),
      slugField: testCase.collection?.slugField ?? null,
    };
    const state = mapFields(shape.schema, testCase.state, fromVector);
    const slug = entrySlug(shape, state);
    const place =
      testCase.collection === undefined
        ? singletonPlace(singleton(owner.path, owner.format, owner.schema))
        : collectionPlace(collectionLayout(owner.path), slug);

    it(`${testCase.name}: the form state writes them`, () => {
      const files = filesFor(shape, place, state);
      expect([...files.keys()].sort()).toEqual(Object.keys(testCase.files).sort());
      const data = Object.entries(testCase.files).filter(([, role]) => role === 'data');
      expect(data.map(([path]) => path)).toEqual([entryPaths(shape, place).data]);
    });

    it(`${testCase.name}: they read back into the same state`, () => {
      const read = stateFromFiles(shape, place, slug, filesAsBytes(filesFor(shape, place, state)));
      expect(read && mapFields(shape.schema, read, toVector)).toEqual(testCase.state);
    });
  }
});
