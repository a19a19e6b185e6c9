/**
 * Reads a site's entries from disk as the admin does (config from its quire.yaml, normalized here as
 * the server normalizes it) and writes them again, for tests that compare the bytes.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { load } from 'js-yaml';
import type { Format } from '../src/api/config';
import { parseEntry, serializeEntry } from '../src/entry/formState';
import { collectionLayout } from '../src/entry/paths';
import type { CollectionLayout } from '../src/entry/paths';
import { collectionPlace, dataExtension, entryPaths, extraFilePath, singletonPlace } from '../src/entry/place';
import type { EntryPlace } from '../src/entry/place';
import type { EntryShape } from '../src/entry/shape';
import type { FileRef } from '../src/fields/extraFiles';
import { normalizeFormat, normalizeSchema } from './normalized';

type Fragment = Record<string, unknown>;

/** One entry of a site: how it is shaped, where it lives. */
export type SiteEntry = { collection: string | null; name: string; shape: EntryShape; place: EntryPlace; slug: string };

/** A file the entry writes: its path from the site's root, and what was on disk there (null: nothing). */
export type WrittenFile = { path: string; written: string | Uint8Array; before: string | Uint8Array | null };

export function siteEntries(root: string): SiteEntry[] {
  const config = load(readFileSync(join(root, 'quire.yaml'), 'utf8')) as Record<string, Record<string, Fragment> | undefined>;
  const paths = files(root, root);
  const entries: SiteEntry[] = [];
  for (const [key, collection] of Object.entries(config.collections ?? {})) {
    const shape: EntryShape = {
      schema: normalizeSchema(collection.schema as Record<string, Fragment>),
      format: format(collection.format),
      slugField: collection.slugField as string,
    };
    const layout = collectionLayout(collection.path as string);
    for (const slug of slugsInTree(paths, layout, dataExtension(shape))) {
      entries.push({ collection: key, name: slug, shape, place: collectionPlace(layout, slug), slug });
    }
  }
  for (const [key, singleton] of Object.entries(config.singletons ?? {})) {
    const shape: EntryShape = {
      schema: normalizeSchema(singleton.schema as Record<string, Fragment>),
      format: format(singleton.format),
      slugField: null,
    };
    entries.push({ collection: null, name: key, shape, place: singletonPlace({ path: (singleton.path as string) ?? key } as never), slug: '' });
  }
  return entries;
}

/** Opens the entry from disk and answers every file it writes; throws the problems of an entry that does not open. */
export function rewriteEntry(root: string, { shape, place, slug }: SiteEntry): WrittenFile[] {
  const paths = entryPaths(shape, place);
  const read = (path: string): Buffer | null => {
    try {
      return readFileSync(join(root, path));
    } catch {
      return null;
    }
  };
  const fileSlug = shape.slugField === null ? undefined : slug;
  const data = read(paths.data)?.toString('utf8') ?? '';
  const content = Object.fromEntries(Object.entries(paths.content).map(([key, path]) => [key, read(path)?.toString('utf8')]));
  const readFile = (ref: FileRef) => {
    const bytes = read(extraFilePath(place, fileSlug, ref));
    return bytes === null ? null : new Uint8Array(bytes);
  };
  const parsed = parseEntry(shape, { data, content, readFile }, paths.data, slug);
  if (!parsed.ok) throw new Error(parsed.problems.map((problem) => problem.message).join('\n'));
  const written = serializeEntry(shape, parsed.state);
  return [
    { path: paths.data, written: written.data, before: data },
    ...Object.entries(written.content).map(([key, text]) => ({ path: paths.content[key]!, written: text, before: content[key] ?? null })),
    ...written.files.map((file) => {
      const path = extraFilePath(place, fileSlug, file);
      const before = read(path);
      return { path, written: file.contents, before: before && new Uint8Array(before) };
    }),
  ];
}

function files(dir: string, root: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name), root) : [relative(root, join(dir, entry.name))],
  );
}

function format(value: unknown): Format {
  return normalizeFormat(typeof value === 'string' ? { data: value as Format['data'] } : (value as Partial<Format>));
}

/** The slugs of a collection's entries among a site's paths (the server's rule, `content::index::entries_in`). */
function slugsInTree(paths: Iterable<string>, layout: CollectionLayout, extension: string): string[] {
  const prefix = layout.base === '' ? '' : `${layout.base}/`;
  const ending = `${layout.suffix}${layout.location === 'index' ? '/index' : ''}${extension}`;
  const slugs: string[] = [];
  for (const path of paths) {
    if (!path.startsWith(prefix) || !path.endsWith(ending)) continue;
    const slug = path.slice(prefix.length, path.length - ending.length);
    if (slug === '' || (layout.glob === '*' && slug.includes('/'))) continue;
    slugs.push(slug);
  }
  return slugs.sort();
}
