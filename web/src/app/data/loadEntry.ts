/** Opens an entry: its files from the server, read into form state or into the problems that block it. */
import { parseEntry } from '../../fields/entry';
import type { EntryShape, EntrySources, EntryState } from '../../fields/entry';
import { entryPaths, extraFilePath, filesBelow } from '../../fields/entryLocation';
import type { EntryPlace } from '../../fields/entryLocation';
import type { Problem } from '../../fields/problem';
import { loadEntryFiles, loadExtraFiles } from './entryFiles';
import type { TreeShas } from './entryFiles';

/** What an editor starts from, and what it goes back to after each save. */
export type EditorSnapshot = {
  state: EntryState;
  tree: TreeShas;
  /** The commit the tree was read at: a commit expects the branch to still point there (null: local storage). */
  head: string | null;
  readAtOpen: ReadonlySet<string>;
};

export type OpenedEntry =
  | { kind: 'missing'; tree: TreeShas; head: string | null }
  | { kind: 'unreadable'; problems: Problem[] }
  | { kind: 'ready'; snapshot: EditorSnapshot };

/** `slug` is the collection entry's slug ('' for singletons). */
export async function openEntry(shape: EntryShape, place: EntryPlace, slug: string, branch: string | null): Promise<OpenedEntry> {
  const paths = entryPaths(shape, place);
  const { tree, head, sources, readAtOpen } = await loadEntryFiles(paths, branch);
  if (sources === null) return { kind: 'missing', tree, head };
  const fileSlug = shape.slugField === null ? undefined : slug;
  // The data file names the asset files and the content fields their image folders: a first reading
  // lists them, a second one reads their bytes.
  const referenced: string[] = [];
  const folders: string[] = [];
  const listFile: EntrySources['readFile'] = (ref) => {
    referenced.push(extraFilePath(place, fileSlug, ref));
    return null;
  };
  const listFolder: EntrySources['readFolder'] = (folder) => {
    folders.push(extraFilePath(place, fileSlug, folder));
    return new Map();
  };
  const listing = parseEntry(shape, { ...sources, readFile: listFile, readFolder: listFolder }, paths.data, slug);
  if (!listing.ok) return { kind: 'unreadable', problems: listing.problems };
  const inFolders = [...tree.keys()].filter((path) => folders.some((folder) => path.startsWith(folder)));
  const extraFiles = await loadExtraFiles(tree, [...referenced, ...inFolders], branch);
  const withFiles: EntrySources = {
    ...sources,
    readFile: (ref) => extraFiles.get(extraFilePath(place, fileSlug, ref)) ?? null,
    readFolder: (folder) => filesBelow(extraFiles, place, fileSlug, folder),
  };
  const parsed = parseEntry(shape, withFiles, paths.data, slug);
  if (!parsed.ok) return { kind: 'unreadable', problems: parsed.problems };
  // Files read at open and no longer written are deleted by the next save (a replaced image).
  const read = new Set([...readAtOpen, ...extraFiles.keys()]);
  return { kind: 'ready', snapshot: { state: parsed.state, tree, head, readAtOpen: read } };
}
