/** Reading a branch's tree and an entry's files from the server. */
import { fetchBlob, fetchEntryFiles, fetchTree } from '../../api/client';
import type { EntryRef } from '../../api/client';
import type { ChangedFile, TreeEntry } from '../../api/wire';
import type { TreeShas } from '../../entry/paths';
import type { EntrySources } from '../../entry/formState';
import type { EntryPaths } from '../../entry/place';

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

/** A tree after a commit that changed `changed` (a null sha: deleted); the rest is as it was read. */
export function withChanges(tree: TreeShas, changed: readonly ChangedFile[]): TreeShas {
  const next = new Map(tree);
  for (const { path, sha } of changed) {
    if (sha === null) next.delete(path);
    else next.set(path, sha);
  }
  return next;
}

/** The files of a tree listing: folders, symbolic links and submodules are no content to read. */
export function treeShas(entries: TreeEntry[]): TreeShas {
  return new Map(entries.filter((entry) => entry.mode === '100644').map((entry) => [entry.path, entry.sha]));
}

/**
 * An entry's files: the `tree` is its area only (its data file, its folder, its fields' upload
 * folders), which holds every file a save of it may write or delete; the server sends the texts of
 * its data and content files along, so opening an entry is one request however large the site.
 */
export async function loadEntryFiles(entry: EntryRef, paths: EntryPaths, branch: string | null): Promise<LoadedFiles> {
  const { files, head } = await fetchEntryFiles(entry, branch);
  const tree: TreeShas = new Map(files.map((file) => [file.path, file.sha]));
  const texts = new Map(files.flatMap((file) => (file.text === null ? [] : [[file.path, file.text] as const])));
  return { tree, head, ...(await readEntrySources(paths, tree, branch, texts)) };
}

/** An entry's data and content texts as `tree` has them (from `texts` when there), and the paths read. */
export async function readEntrySources(
  paths: EntryPaths,
  tree: TreeShas,
  branch: string | null,
  texts: ReadonlyMap<string, string> = new Map(),
): Promise<Pick<LoadedFiles, 'sources' | 'readAtOpen'>> {
  const dataSha = tree.get(paths.data);
  if (dataSha === undefined) return { sources: null, readAtOpen: new Set() };
  const readAtOpen = new Set([paths.data]);
  const read = async (path: string, sha: string) => texts.get(path) ?? decoder.decode(await fetchBlob(sha, path, branch));
  const contentReads = Object.entries(paths.content).map(async ([key, path]) => {
    const sha = tree.get(path);
    if (sha === undefined) return [key, undefined] as const;
    readAtOpen.add(path);
    return [key, await read(path, sha)] as const;
  });
  const [data, content] = await Promise.all([read(paths.data, dataSha), Promise.all(contentReads)]);
  return { sources: { data, content: Object.fromEntries(content) }, readAtOpen };
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
