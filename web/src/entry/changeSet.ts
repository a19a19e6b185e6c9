/**
 * The change set of a save: what to add, what to delete, and the blob SHA-1 each touched path had
 * when the entry was opened, so that the server refuses the save if someone changed them meanwhile.
 */
import type { CommitRequest } from '../api/wire';
import { encodeBase64 } from '../lib/base64';
import { gitBlobSha } from '../lib/gitBlobSha';
import type { FileContents } from './files';
import type { TreeShas } from './paths';

export type ChangeSetInput = {
  /** Every file the entry consists of now: path → contents. */
  files: ReadonlyMap<string, FileContents>;
  /** The entry's files that were read when it was opened; those no longer written are deleted. */
  readAtOpen: ReadonlySet<string>;
  /** Blob SHA-1 of every file of the site when the entry was opened. */
  tree: TreeShas;
};

const encoder = new TextEncoder();

export async function buildChangeSet({ files, readAtOpen, tree }: ChangeSetInput): Promise<CommitRequest> {
  const changes: CommitRequest = { additions: [], deletions: [], expected: {} };
  for (const [path, contents] of files) {
    const bytes = typeof contents === 'string' ? encoder.encode(contents) : contents;
    const before = tree.get(path) ?? null;
    // Unchanged files are left alone, so a save touches only what the edit changed.
    if (before !== null && before === (await gitBlobSha(bytes))) continue;
    changes.additions.push({ path, contents: encodeBase64(bytes) });
    changes.expected[path] = before;
  }
  for (const path of readAtOpen) {
    if (files.has(path)) continue;
    changes.deletions.push({ path });
    changes.expected[path] = tree.get(path) ?? null;
  }
  return changes;
}

/** Deletes every file of the entry that was read at open. */
export function deletionChangeSet(readAtOpen: ReadonlySet<string>, tree: TreeShas): CommitRequest {
  const paths = [...readAtOpen];
  return {
    additions: [],
    deletions: paths.map((path) => ({ path })),
    expected: Object.fromEntries(paths.map((path) => [path, tree.get(path) ?? null])),
  };
}

export function isEmptyChangeSet(changes: CommitRequest): boolean {
  return changes.additions.length === 0 && changes.deletions.length === 0;
}
