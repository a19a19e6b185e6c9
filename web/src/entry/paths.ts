/**
 * Where entries live, following Keystatic's path rules (keystatic-formats.md §2.1): a collection path
 * holds a `*` glob (slugs without slashes) or a `**` glob (slugs may nest folders); a path ending in
 * `/` keeps the data file inside the entry's folder (`<dir>/index.yaml`, "index"), otherwise next to
 * it (`<dir>.yaml`, "outer"). The Rust side (crates/content/src/paths.rs) follows the same rules; the
 * cases of vectors/paths hold both to them.
 */
import type { SlugGlob } from '../fields/kind';
import { fixPath } from '../lib/fixPath';

/** Blob SHA-1 by path, for every file of the site. */
export type TreeShas = ReadonlyMap<string, string>;

export type DataLocation = 'index' | 'outer';

/** The shape of a collection's paths, computed once from its configured `path`. */
export type CollectionLayout = {
  /** Folder holding the entries, without leading or trailing slashes ('' for the site root). */
  base: string;
  /** Text after the glob, as `/docs` or ''. */
  suffix: string;
  glob: SlugGlob;
  location: DataLocation;
};

export function dataLocation(path: string): DataLocation {
  return path.endsWith('/') ? 'index' : 'outer';
}

export function collectionLayout(path: string): CollectionLayout {
  const star = path.indexOf('*');
  const glob: SlugGlob = path.includes('**') ? '**' : '*';
  const afterGlob = fixPath(path.slice(star + glob.length));
  return {
    base: fixPath(path.slice(0, star)),
    suffix: afterGlob === '' ? '' : `/${afterGlob}`,
    glob,
    location: dataLocation(path),
  };
}

/** The folder of one entry: `<base>/<slug><suffix>`. */
export function collectionItemDir(layout: CollectionLayout, slug: string): string {
  return `${join(layout.base, slug)}${layout.suffix}`;
}

/** A singleton's folder and data location; its path never holds a glob. */
export function singletonDir(path: string): { dir: string; location: DataLocation } {
  return { dir: fixPath(path), location: dataLocation(path) };
}

/** `extension` includes its dot: `.yaml`, `.json`, `.mdoc`. */
export function dataFilePath(dir: string, location: DataLocation, extension: string): string {
  return `${dir}${location === 'index' ? '/index' : ''}${extension}`;
}

function join(dir: string, name: string): string {
  return dir === '' ? name : `${dir}/${name}`;
}
