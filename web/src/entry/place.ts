/**
 * An entry's place among the site's files: its folder and data location, the paths of its data and
 * content files, where each of its asset files lands (keystatic-formats.md §2.1, §2.5, §2.6), and the
 * slug rules of a collection's slug field.
 */
import type { Collection, Field, Schema, Singleton } from '../api/config';
import type { FileRef } from '../fields/extraFiles';
import type { SlugRules } from '../fields/kind';
import { isContentField } from '../fields/richText';
import { bodyField, contentExtension } from './bodyField';
import { collectionItemDir, collectionLayout, dataFilePath, singletonDir } from './paths';
import type { CollectionLayout, DataLocation } from './paths';
import type { EntryShape } from './shape';

/** An entry's folder and where its data file sits relative to it. */
export type EntryPlace = { dir: string; location: DataLocation };

/** Paths by role, matching SerializedEntry. */
export type EntryPaths = { data: string; content: Record<string, string> };

export function collectionPlace(layout: CollectionLayout, slug: string): EntryPlace {
  return { dir: collectionItemDir(layout, slug), location: layout.location };
}

export function singletonPlace(singleton: Singleton): EntryPlace {
  return singletonDir(singleton.path);
}

/** `.yaml`, `.json`, or the content field's extension when the data is frontmatter. */
export function dataExtension(shape: EntryShape): string {
  const body = bodyField(shape.schema, shape.format);
  return body === null ? `.${shape.format.data}` : contentExtension(body.field);
}

export function entryPaths(shape: EntryShape, place: EntryPlace): EntryPaths {
  const content: Record<string, string> = {};
  for (const [key, field] of contentFieldsOutsideData(shape.schema, bodyField(shape.schema, shape.format)?.topKey ?? null)) {
    content[key] = `${place.dir}/${key}${contentExtension(field)}`;
  }
  return { data: dataFilePath(place.dir, place.location, dataExtension(shape)), content };
}

/**
 * Where a field's file lands: in its configured directory (below a folder named after the entry's
 * slug, for collection entries), else in the entry's folder (keystatic-formats.md §2.5).
 */
export function extraFilePath(place: EntryPlace, slug: string | undefined, ref: FileRef): string {
  if (ref.directory === null) return `${place.dir}/${ref.filename}`;
  return slug ? `${ref.directory}/${slug}/${ref.filename}` : `${ref.directory}/${ref.filename}`;
}

/** Those of `files` (path → contents) below an entry's `folder`, by their path below it. */
export function filesBelow<T>(files: ReadonlyMap<string, T>, place: EntryPlace, slug: string | undefined, folder: FileRef): Map<string, T> {
  const prefix = extraFilePath(place, slug, folder);
  return new Map([...files].filter(([path]) => path.startsWith(prefix)).map(([path, contents]) => [path.slice(prefix.length), contents]));
}

/** The collection's glob and the slugs other entries already use (`own`, the entry's slug, is free). */
export function collectionSlugRules(collection: Collection, taken: Iterable<string>, own: string | null): SlugRules {
  const slugs = new Set(taken);
  if (own !== null) slugs.delete(own);
  return { glob: collectionLayout(collection.path).glob, slugs };
}

function contentFieldsOutsideData(schema: Schema, contentField: string | null): [string, Field][] {
  return Object.entries(schema).filter(([key, field]) => key !== contentField && isContentField(field));
}

