/**
 * The example site holds what the admin writes: every entry of examples/blog reads without a problem
 * and writes back the same bytes, asset files included.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import type { Format } from '../src/api/config';
import { parseEntry, serializeEntry } from '../src/fields/entry';
import type { EntryShape } from '../src/fields/entry';
import { collectionPlace, entryPaths, extraFilePath, singletonPlace } from '../src/fields/entryLocation';
import type { EntryPlace } from '../src/fields/entryLocation';
import { collectionLayout, slugsInTree } from '../src/lib/entryPaths';
import { dataExtension } from '../src/fields/entryLocation';
import { normalizeFormat, normalizeSchema } from './normalizeField';

const root = join(import.meta.dirname, '../../examples/blog');

type Fragment = Record<string, unknown>;
type SiteConfig = { collections: Record<string, Fragment>; singletons: Record<string, Fragment> };

const config = load(readFileSync(join(root, 'quire.yaml'), 'utf8')) as SiteConfig;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : [relative(root, join(dir, entry.name))],
  );
}

function format(value: unknown): Format {
  return normalizeFormat(typeof value === 'string' ? { data: value as Format['data'] } : (value as Partial<Format>));
}

/** Reads an entry from disk, writes it again, and compares every file. */
function roundTrip(shape: EntryShape, place: EntryPlace, slug: string) {
  const paths = entryPaths(shape, place);
  const read = (path: string) => readFileSync(join(root, path));
  const readText = (path: string) => {
    try {
      return read(path).toString('utf8');
    } catch {
      return undefined;
    }
  };
  const fileSlug = shape.slugField === null ? undefined : slug;
  const sources = {
    data: read(paths.data).toString('utf8'),
    content: Object.fromEntries(Object.entries(paths.content).map(([key, path]) => [key, readText(path)])),
    readFile: (ref: Parameters<typeof extraFilePath>[2]) => {
      try {
        return new Uint8Array(read(extraFilePath(place, fileSlug, ref)));
      } catch {
        return null;
      }
    },
  };
  const parsed = parseEntry(shape, sources, paths.data, slug);
  if (!parsed.ok) throw new Error(parsed.problems.map((problem) => problem.message).join('\n'));
  const written = serializeEntry(shape, parsed.state);
  expect(written.data).toBe(sources.data);
  for (const [key, text] of Object.entries(written.content)) expect(text).toBe(sources.content[key]);
  for (const file of written.files) {
    expect(Buffer.from(file.contents).equals(read(extraFilePath(place, fileSlug, file)))).toBe(true);
  }
}

describe('examples/blog', () => {
  const paths = files(root);
  for (const [key, collection] of Object.entries(config.collections)) {
    const shape: EntryShape = {
      schema: normalizeSchema(collection.schema as Record<string, Fragment>),
      format: format(collection.format),
      slugField: collection.slugField as string,
    };
    const layout = collectionLayout(collection.path as string);
    const slugs = slugsInTree(paths, layout, dataExtension(shape));
    it(`${key} has entries`, () => expect(slugs.length).toBeGreaterThan(0));
    for (const slug of slugs) {
      it(`${key}/${slug} writes back the same bytes`, () => roundTrip(shape, collectionPlace(layout, slug), slug));
    }
  }
  for (const [key, singleton] of Object.entries(config.singletons)) {
    const shape: EntryShape = {
      schema: normalizeSchema(singleton.schema as Record<string, Fragment>),
      format: format(singleton.format),
      slugField: null,
    };
    it(`${key} writes back the same bytes`, () => roundTrip(shape, singletonPlace({ path: singleton.path ?? key } as never), ''));
  }
});
