/** Reading an entry's files from the server, and the files a form state writes. */
import { fetchBlob, fetchTree } from '../../api/client';
import type { TreeEntry } from '../../api/wire';
import type { EntryShape, EntrySources, EntryState } from '../../fields/entry';
import { serializeEntry } from '../../fields/entry';
import { entryPaths } from '../../fields/entryLocation';
import type { EntryPaths, EntryPlace } from '../../fields/entryLocation';

/** Blob SHA-1 by path, for every file of the site. */
export type TreeShas = ReadonlyMap<string, string>;

export type LoadedFiles = {
  tree: TreeShas;
  /** Null when the data file does not exist. */
  sources: EntrySources | null;
  /** The paths that were read: a save deletes those it no longer writes. */
  readAtOpen: ReadonlySet<string>;
};

const decoder = new TextDecoder();

export async function loadTree(): Promise<TreeShas> {
  return treeShas(await fetchTree());
}

/** The files of a tree listing (folders left out). */
export function treeShas(entries: TreeEntry[]): TreeShas {
  return new Map(entries.filter((entry) => entry.type === 'blob').map((entry) => [entry.path, entry.sha]));
}

export async function loadEntryFiles(paths: EntryPaths): Promise<LoadedFiles> {
  const tree = await loadTree();
  const dataSha = tree.get(paths.data);
  if (dataSha === undefined) return { tree, sources: null, readAtOpen: new Set() };
  const readAtOpen = new Set([paths.data]);
  const read = async (path: string, sha: string) => decoder.decode(await fetchBlob(sha, path));
  const contentReads = Object.entries(paths.content).map(async ([key, path]) => {
    const sha = tree.get(path);
    if (sha === undefined) return [key, undefined] as const;
    readAtOpen.add(path);
    return [key, await read(path, sha)] as const;
  });
  const [data, content] = await Promise.all([read(paths.data, dataSha), Promise.all(contentReads)]);
  return { tree, sources: { data, content: Object.fromEntries(content) }, readAtOpen };
}

/** Path → text of every file the entry consists of in `state`. */
export function filesFor(shape: EntryShape, place: EntryPlace, state: EntryState): Map<string, string> {
  const texts = serializeEntry(shape, state);
  const paths = entryPaths(shape, place);
  const files = new Map([[paths.data, texts.data]]);
  for (const [key, path] of Object.entries(paths.content)) files.set(path, texts.content[key] ?? '');
  return files;
}

/** Whether two file sets write the same bytes to the same paths. */
export function sameFiles(a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>): boolean {
  if (a.size !== b.size) return false;
  for (const [path, text] of a) if (b.get(path) !== text) return false;
  return true;
}
