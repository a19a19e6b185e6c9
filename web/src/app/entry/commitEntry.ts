/**
 * Commits an entry's change set. With git storage the commit names its branch and the head the
 * editor loaded; if the branch moved since, the entry's own files decide, as the spec says: when
 * none of them changed, the commit goes again on the new head; otherwise the save needs a new branch.
 * A protected branch needs a new branch too.
 */
import { commit, fetchTree } from '../../api/client';
import { ApiError } from '../../api/error';
import type { CommitRequest, CommitResponse } from '../../api/wire';
import type { TreeShas } from '../../entry/paths';
import { t } from '../../lib/messages/format';
import { commitAuthor } from '../collab/collabName';
import { treeShas } from '../data/entryFiles';

/** The save cannot land on this branch; `message` is the spec's reason, shown in the new-branch dialog. */
export class NeedsNewBranch extends Error {
  /** 'stale': the entry's files changed on the branch (reading them again helps); 'protected': the branch takes no commits. */
  readonly reason: 'stale' | 'protected';
  constructor(reason: 'stale' | 'protected') {
    super(t(reason === 'stale' ? 'branch.staleEntry' : 'branch.protected'));
    this.name = 'NeedsNewBranch';
    this.reason = reason;
  }
}

export type EntryCommit = {
  changes: CommitRequest;
  message: string;
  /** Null for storage without branches. */
  branch: string | null;
  /** What the editor loaded: the tree, its head, and the paths of the entry's own files. */
  tree: TreeShas;
  head: string | null;
  entryFiles: Iterable<string>;
};

/** How often a moved branch is followed before giving up (someone committing without pause). */
const MAX_RETRIES = 3;

export async function commitEntry({ changes, message, branch, tree, head, entryFiles }: EntryCommit): Promise<CommitResponse> {
  if (branch === null) return commit(changes);
  const paths = new Set([...entryFiles, ...Object.keys(changes.expected)]);
  let expectedHead = head;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await commitOnBranch({ ...changes, branch, message, ...(expectedHead === null ? {} : { expectedHead }) });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'protected_branch') throw new NeedsNewBranch('protected');
      if (!(error instanceof ApiError && error.code === 'conflict') || attempt === MAX_RETRIES) throw error;
      const now = await fetchTree(branch);
      if (!sameFilesAt(tree, treeShas(now.entries), paths)) throw new NeedsNewBranch('stale');
      // The entry's files are as they were read, yet the commit was refused without the branch moving: not ours to retry.
      if (now.head === expectedHead) throw error;
      expectedHead = now.head;
    }
  }
}

/** Commits on a branch, authored by the person who named themselves in this browser (git storage uses it). */
export function commitOnBranch(request: CommitRequest): Promise<CommitResponse> {
  const author = commitAuthor();
  return commit(author === null ? request : { ...request, author });
}

/** Whether every path has the same blob (or is missing) in both trees. */
export function sameFilesAt(before: TreeShas, after: TreeShas, paths: Iterable<string>): boolean {
  for (const path of paths) if (before.get(path) !== after.get(path)) return false;
  return true;
}

/** Keystatic's commit messages: `Create`, `Update` or `Delete`, then the entry's folder or file base. */
export function commitMessage(action: 'Create' | 'Update' | 'Delete', basePath: string): string {
  return `${action} ${basePath}`;
}
