/**
 * An entry's files by path: those a form state writes, which files its data names, and the form
 * state its files read back into (from the server, a draft or the clipboard).
 */
import { isImageExtension, nameExtension } from '../lib/imagePreview';
import type { Problem } from './problem';
import { entrySlug, parseEntry, serializeEntry } from './formState';
import type { EntrySources, EntryState, ParsedEntry } from './formState';
import { entryPaths, extraFilePath, filesBelow } from './place';
import type { EntryPlace } from './place';
import type { EntryShape } from './shape';
import type { FolderAccept } from '../fields/extraFiles';

/** A file's contents: text (data and content files) or bytes (assets). */
export type FileContents = string | Uint8Array;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Path → contents of every file the entry consists of in `state`. */
export function filesFor(shape: EntryShape, place: EntryPlace, state: EntryState): Map<string, FileContents> {
  const serialized = serializeEntry(shape, state);
  const paths = entryPaths(shape, place);
  const files = new Map<string, FileContents>([[paths.data, serialized.data]]);
  for (const [key, path] of Object.entries(paths.content)) files.set(path, serialized.content[key] ?? '');
  const slug = shape.slugField === null ? undefined : entrySlug(shape, state);
  for (const file of serialized.files) files.set(extraFilePath(place, slug, file), file.contents);
  return files;
}

/** Whether two file sets write the same bytes to the same paths. */
export function sameFiles(a: ReadonlyMap<string, FileContents>, b: ReadonlyMap<string, FileContents>): boolean {
  if (a.size !== b.size) return false;
  for (const [path, contents] of a) {
    const other = b.get(path);
    if (other === undefined || !sameContents(contents, other)) return false;
  }
  return true;
}

function sameContents(a: FileContents, b: FileContents): boolean {
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  // Uploads keep their byte arrays, so unchanged assets are the same object.
  return a === b || (a.length === b.length && a.every((byte, index) => byte === b[index]));
}

/** The files of a form state (see filesFor) as bytes. */
export function filesAsBytes(files: ReadonlyMap<string, FileContents>): Map<string, Uint8Array> {
  return new Map([...files].map(([path, contents]) => [path, typeof contents === 'string' ? encoder.encode(contents) : contents]));
}

/** The files the entry's data names, or the problems that keep it from opening. */
export type NamedFiles = { ok: true; paths: string[] } | { ok: false; problems: Problem[] };

/**
 * The paths of the files an entry's data and content texts refer to, so that they can be read before
 * the entry is: the asset files its values name, and those of `sitePaths` below its content fields'
 * image folders. `slug` is the collection entry's slug ('' for singletons).
 */
export function filesNamedBy(
  shape: EntryShape,
  place: EntryPlace,
  slug: string,
  sources: EntrySources,
  sitePaths: Iterable<string>,
): NamedFiles {
  const fileSlug = shape.slugField === null ? undefined : slug;
  const referenced: string[] = [];
  const folders: { prefix: string; accept: FolderAccept }[] = [];
  const listFile: EntrySources['readFile'] = (ref) => {
    referenced.push(extraFilePath(place, fileSlug, ref));
    return null;
  };
  const listFolder: EntrySources['readFolder'] = (folder, accept) => {
    folders.push({ prefix: extraFilePath(place, fileSlug, folder), accept });
    return new Map();
  };
  const listing = parseEntry(shape, { ...sources, readFile: listFile, readFolder: listFolder }, entryPaths(shape, place).data, slug);
  if (!listing.ok) return listing;
  const inFolders = [...sitePaths].filter((path) => folders.some(({ prefix, accept }) => path.startsWith(prefix) && accepts(accept, path)));
  return { ok: true, paths: [...referenced, ...inFolders] };
}

/**
 * Whether a folder's file is read: an image folder's other files are no content of the field's, and
 * stay untouched; a folder of components' files is read whole.
 */
function accepts(accept: FolderAccept, path: string): boolean {
  return accept === 'files' || isImageExtension(nameExtension(path));
}

/**
 * Reads an entry from the texts of its data and content files, looking up the files its values
 * name in `files` (path → bytes). `slug` is the collection entry's slug ('' for singletons).
 */
export function readEntry(
  shape: EntryShape,
  place: EntryPlace,
  slug: string,
  sources: EntrySources,
  files: ReadonlyMap<string, Uint8Array>,
): ParsedEntry {
  const fileSlug = shape.slugField === null ? undefined : slug;
  return parseEntry(
    shape,
    {
      ...sources,
      readFile: (ref) => files.get(extraFilePath(place, fileSlug, ref)) ?? null,
      readFolder: (folder, accept) => new Map([...filesBelow(files, place, fileSlug, folder)].filter(([name]) => accepts(accept, name))),
    },
    entryPaths(shape, place).data,
    slug,
  );
}

/**
 * The form state of the entry whose files at `place` are in `files` (`slug`: the collection entry's
 * slug), or null when its data file is missing or it does not open cleanly.
 */
export function stateFromFiles(
  shape: EntryShape,
  place: EntryPlace,
  slug: string,
  files: ReadonlyMap<string, Uint8Array>,
): EntryState | null {
  const paths = entryPaths(shape, place);
  const data = files.get(paths.data);
  if (data === undefined) return null;
  const content = Object.fromEntries(
    Object.entries(paths.content).map(([key, path]) => {
      const bytes = files.get(path);
      return [key, bytes === undefined ? undefined : decoder.decode(bytes)];
    }),
  );
  const parsed = readEntry(shape, place, slug, { data: decoder.decode(data), content }, files);
  return parsed.ok ? parsed.state : null;
}
