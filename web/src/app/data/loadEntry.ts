/** Opens an entry: its files from the server, read into form state or into the problems that block it. */
import { parseEntry } from '../../fields/entry';
import type { EntryShape, EntryState } from '../../fields/entry';
import { entryPaths } from '../../fields/entryLocation';
import type { EntryPlace } from '../../fields/entryLocation';
import type { Problem } from '../../fields/problem';
import { loadEntryFiles } from './entryFiles';
import type { TreeShas } from './entryFiles';

/** What an editor starts from, and what it goes back to after each save. */
export type EditorSnapshot = {
  state: EntryState;
  tree: TreeShas;
  readAtOpen: ReadonlySet<string>;
};

export type OpenedEntry =
  | { kind: 'missing'; tree: TreeShas }
  | { kind: 'unreadable'; problems: Problem[] }
  | { kind: 'ready'; snapshot: EditorSnapshot };

/** `slug` is the collection entry's slug ('' for singletons). */
export async function openEntry(shape: EntryShape, place: EntryPlace, slug: string): Promise<OpenedEntry> {
  const { tree, sources, readAtOpen } = await loadEntryFiles(entryPaths(shape, place));
  if (sources === null) return { kind: 'missing', tree };
  const parsed = parseEntry(shape, sources, entryPaths(shape, place).data, slug);
  if (!parsed.ok) return { kind: 'unreadable', problems: parsed.problems };
  return { kind: 'ready', snapshot: { state: parsed.state, tree, readAtOpen } };
}
