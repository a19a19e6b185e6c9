/**
 * Deleting many entries at once, as one commit: each entry's files (its data and content files and
 * the files its values name), found in one reading of the branch's tree, with the shas read as what
 * the commit expects, so nothing changed meanwhile is deleted unseen.
 */
import type { Collection } from '../../api/config';
import type { CommitResponse } from '../../api/wire';
import { deletionChangeSet } from '../../entry/changeSet';
import { filesNamedBy } from '../../entry/files';
import { collectionLayout } from '../../entry/paths';
import { collectionPlace, entryPaths } from '../../entry/place';
import { collectionShape } from '../../entry/shape';
import { loadTree, readEntrySources } from '../data/entryFiles';
import { commitEntry, commitMessage } from '../entry/commitEntry';

/** How many entries are read at once. */
const READS_AT_ONCE = 8;

export async function deleteEntries(collection: Collection, slugs: readonly string[], branch: string | null): Promise<CommitResponse> {
  const shape = collectionShape(collection);
  const layout = collectionLayout(collection.path);
  const { tree, head } = await loadTree(branch);
  const paths = new Set<string>();
  const filesOf = async (slug: string) => {
    const place = collectionPlace(layout, slug);
    const { sources, readAtOpen } = await readEntrySources(entryPaths(shape, place), tree, branch);
    // Gone meanwhile: nothing left to delete.
    if (sources === null) return;
    for (const path of readAtOpen) paths.add(path);
    // An entry that does not open still goes, with the files found for it.
    const named = filesNamedBy(shape, place, slug, sources, tree.keys());
    if (named.ok) for (const path of named.paths) if (tree.has(path)) paths.add(path);
  };
  for (let start = 0; start < slugs.length; start += READS_AT_ONCE) {
    await Promise.all(slugs.slice(start, start + READS_AT_ONCE).map(filesOf));
  }
  const changes = deletionChangeSet(paths, tree);
  // One entry as Keystatic names its deletion; more by their number and the collection's folder.
  const folder = collection.path.replace(/\/?\*\*?.*$/, '');
  const message =
    slugs.length === 1 ? commitMessage('Delete', collectionPlace(layout, slugs[0]!).dir) : `Delete ${slugs.length} entries from ${folder}`;
  return commitEntry({ changes, message, branch, tree, head, entryFiles: paths });
}
