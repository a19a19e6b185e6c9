/** Opens an entry: its files from the server, read into form state or into the problems that block it. */
import type { EntryRef } from '../../api/client';
import { filesNamedBy, readEntry } from '../../entry/files';
import type { TreeShas } from '../../entry/paths';
import type { EntryState } from '../../entry/formState';
import { entryPaths } from '../../entry/place';
import type { EntryPlace } from '../../entry/place';
import type { Problem } from '../../entry/problem';
import type { EntryShape } from '../../entry/shape';
import { t } from '../../lib/messages/format';
import { fetchTree } from '../../api/client';
import { loadEntryFiles, loadExtraFiles, readEntrySources, treeShas } from './entryFiles';
import type { LoadedFiles } from './entryFiles';

/** What an editor starts from, and what it goes back to after each save. */
export type EditorSnapshot = {
  state: EntryState;
  /** The SHAs of the files in the entry's area as read (a save's expected SHAs), not the whole branch. */
  tree: TreeShas;
  /** The commit the tree was read at: a commit expects the branch to still point there (null: local storage). */
  head: string | null;
  readAtOpen: ReadonlySet<string>;
  /** The data file, when it was read without the frontmatter its format puts the data in. */
  frontmatterMissingIn?: string;
};

export type OpenedEntry =
  | { kind: 'missing'; tree: TreeShas; head: string | null; dataPath: string }
  | { kind: 'unreadable'; problems: Problem[] }
  | { kind: 'ready'; snapshot: EditorSnapshot };

export async function openEntry(shape: EntryShape, place: EntryPlace, entry: EntryRef, branch: string | null): Promise<OpenedEntry> {
  const slug = 'slug' in entry ? entry.slug : '';
  return readOpened(shape, place, slug, await loadEntryFiles(entry, entryPaths(shape, place), branch), branch);
}

/**
 * A collection's `template` read as an entry with an empty slug, as Keystatic reads it: the values
 * a new entry starts from. Its files are looked up in the branch's tree (they belong to no entry).
 */
export async function openTemplate(shape: EntryShape, place: EntryPlace, branch: string | null): Promise<OpenedEntry> {
  const { entries, head } = await fetchTree(branch);
  const tree = treeShas(entries);
  const sources = await readEntrySources(entryPaths(shape, place), tree, branch);
  return readOpened(shape, place, '', { tree, head, ...sources }, branch);
}

async function readOpened(shape: EntryShape, place: EntryPlace, slug: string, loaded: LoadedFiles, branch: string | null): Promise<OpenedEntry> {
  const { tree, head, sources, readAtOpen } = loaded;
  const dataPath = entryPaths(shape, place).data;
  if (sources === null) return { kind: 'missing', tree, head, dataPath };
  // The data file names the asset files and the content fields their image folders: a first reading
  // lists them, a second one reads their bytes.
  const named = filesNamedBy(shape, place, slug, sources, tree.keys());
  if (!named.ok) return { kind: 'unreadable', problems: named.problems };
  const extraFiles = await loadExtraFiles(tree, named.paths, branch);
  const parsed = readEntry(shape, place, slug, sources, extraFiles);
  if (!parsed.ok) return { kind: 'unreadable', problems: parsed.problems };
  // Files read at open and no longer written are deleted by the next save (a replaced image).
  const read = new Set([...readAtOpen, ...extraFiles.keys()]);
  const snapshot: EditorSnapshot = { state: parsed.state, tree, head, readAtOpen: read };
  return { kind: 'ready', snapshot: parsed.frontmatterMissing ? { ...snapshot, frontmatterMissingIn: dataPath } : snapshot };
}

/**
 * The entry read again, as it is now ('Reload' after a refused save). A singleton not created yet
 * starts from `whenMissing`; a collection entry deleted meanwhile, or one that no longer opens, is an
 * error saying so.
 */
export async function reopenEntry(
  shape: EntryShape,
  place: EntryPlace,
  entry: EntryRef,
  branch: string | null,
  whenMissing?: EntryState,
): Promise<EditorSnapshot> {
  const opened = await openEntry(shape, place, entry, branch);
  if (opened.kind === 'ready') return opened.snapshot;
  if (opened.kind === 'missing' && whenMissing !== undefined) {
    return { state: whenMissing, tree: opened.tree, head: opened.head, readAtOpen: new Set() };
  }
  throw new Error(t(opened.kind === 'missing' ? 'entry.notFound' : 'entry.unreadable'));
}
