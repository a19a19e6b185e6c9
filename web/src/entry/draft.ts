/**
 * Drafts of entry forms: the record kept for a form's unsaved values, and the values a kept draft
 * restores, with whether the entry changed since the draft began.
 */
import type { StoredDraft } from '../drafts/storedDraft';
import { filesAsBytes, stateFromFiles } from './files';
import type { FileContents } from './files';
import type { TreeShas } from './paths';
import type { EntryState } from './formState';
import type { EntryPlace } from './place';
import type { EntryShape } from './shape';

/**
 * What identifies the state of an entry's files on a branch: each file read at open with its blob.
 * Empty for an entry that does not exist yet.
 */
export function entryTreeKey(tree: TreeShas, readAtOpen: Iterable<string>): string {
  return [...readAtOpen]
    .sort()
    .map((path) => `${path}:${tree.get(path) ?? ''}`)
    .join('\n');
}

/** A draft of `files`; `slug` for collection entries, `beforeTreeKey` for entries that already exist. */
export function draftRecord(
  files: ReadonlyMap<string, FileContents>,
  { slug, beforeTreeKey }: { slug?: string; beforeTreeKey?: string },
  savedAt: Date,
): StoredDraft {
  return {
    version: 1,
    savedAt,
    files: filesAsBytes(files),
    ...(slug === undefined ? {} : { slug }),
    ...(beforeTreeKey === undefined ? {} : { beforeTreeKey }),
  };
}

export type RestoredDraft = {
  state: EntryState;
  savedAt: Date;
  /** The entry's files are not the ones the draft started from. */
  changedSince: boolean;
};

/**
 * The values `draft` holds, read as the entry at its slug's place; null when it holds none that
 * open. `treeKey` is the entry's now (null on a create form, which has nothing to compare).
 */
export function restoreDraft(
  draft: StoredDraft,
  shape: EntryShape,
  placeOf: (slug: string) => EntryPlace,
  treeKey: string | null,
): RestoredDraft | null {
  const slug = draft.slug ?? '';
  const state = stateFromFiles(shape, placeOf(slug), slug, draft.files);
  if (state === null) return null;
  return { state, savedAt: draft.savedAt, changedSince: treeKey !== null && draft.beforeTreeKey !== treeKey };
}
