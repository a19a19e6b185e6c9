/** Reading an entry's files from the server, and the files a form state writes. */
import { fetchBlob, fetchTree } from '../../api/client';
import type { TreeEntry } from '../../api/wire';
import type { EntryShape, EntrySources, EntryState } from '../../fields/entry';
import { entrySlug, serializeEntry } from '../../fields/entry';
import { entryPaths, extraFilePath } from '../../fields/entryLocation';
import type { EntryPaths, EntryPlace } from '../../fields/entryLocation';

/** A file's contents: text (data and content files) or bytes (assets). */
export type FileContents = string | Uint8Array;

/** Blob SHA-1 by path, for every file of the site. */
export type TreeShas = ReadonlyMap<string, string>;

/** A branch's files and the commit they were read at (null for local storage). */
export type LoadedTree = { tree: TreeShas; head: string | null };

export type LoadedFiles = LoadedTree & {
  /** Null when the data file does not exist. */
  sources: EntrySources | null;
  /** The paths that were read: a save deletes those it no longer writes. */
  readAtOpen: ReadonlySet<string>;
};

const decoder = new TextDecoder();

export async function loadTree(branch: string | null): Promise<LoadedTree> {
  const { entries, head } = await fetchTree(branch);
  return { tree: treeShas(entries), head };
}

/** The files of a tree listing (folders left out). */
export function treeShas(entries: TreeEntry[]): TreeShas {
  return new Map(entries.filter((entry) => entry.type === 'blob').map((entry) => [entry.path, entry.sha]));
}

export async function loadEntryFiles(paths: EntryPaths, branch: string | null): Promise<LoadedFiles> {
  const { tree, head } = await loadTree(branch);
  const dataSha = tree.get(paths.data);
  if (dataSha === undefined) return { tree, head, sources: null, readAtOpen: new Set() };
  const readAtOpen = new Set([paths.data]);
  const read = async (path: string, sha: string) => decoder.decode(await fetchBlob(sha, path, branch));
  const contentReads = Object.entries(paths.content).map(async ([key, path]) => {
    const sha = tree.get(path);
    if (sha === undefined) return [key, undefined] as const;
    readAtOpen.add(path);
    return [key, await read(path, sha)] as const;
  });
  const [data, content] = await Promise.all([read(paths.data, dataSha), Promise.all(contentReads)]);
  return { tree, head, sources: { data, content: Object.fromEntries(content) }, readAtOpen };
}

/** The bytes of those `paths` that the tree has (the others are left out). */
export async function loadExtraFiles(
  tree: TreeShas,
  paths: Iterable<string>,
  branch: string | null,
): Promise<Map<string, Uint8Array>> {
  const reads = [...new Set(paths)].flatMap((path) => {
    const sha = tree.get(path);
    return sha === undefined ? [] : [fetchBlob(sha, path, branch).then((bytes) => [path, bytes] as const)];
  });
  return new Map(await Promise.all(reads));
}

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
