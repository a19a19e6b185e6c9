/** Request and response bodies of docs/api.md, as they travel. */
import type { Config } from './config';

/** One file or folder of the site, with its git blob or tree SHA-1. */
export type TreeEntry = { path: string; mode: '100644' | '040000'; type: 'blob' | 'tree'; sha: string };

export type ConfigResponse = { config: Config };

/** A branch's files and the commit it points at (null for local storage). Commits answer the same. */
export type TreeResponse = { entries: TreeEntry[]; head: string | null };

/** Counts per collection and singleton; the change counts only on a branch other than the default one. */
export type Summary = {
  collections: Record<string, CollectionSummary>;
  singletons: Record<string, SingletonSummary>;
};
export type CollectionSummary = { count: number; added?: number; changed?: number; removed?: number };
export type SingletonSummary = { exists: boolean; changed?: boolean };

export type ColumnValue = string | number | boolean | null;

/** An entry against the default branch. */
export type EntryStatus = 'added' | 'changed' | 'unchanged';

/** One row of a collection list, from the server's content index. */
export type EntryListItem = {
  slug: string;
  /** Git blob SHA-1 of the entry's data file. */
  sha: string;
  columns: Record<string, ColumnValue>;
  /** Why the entry does not open cleanly (`file:line:column: message`), or null. */
  problem: string | null;
  /** Null on the default branch and for local storage. */
  status: EntryStatus | null;
};
export type EntryListResponse = {
  entries: EntryListItem[];
  /** Slugs the default branch has and this branch does not; null on the default branch. */
  removed: string[] | null;
};

/** A change set: every path added or deleted names the blob SHA-1 read at open, or null for a new file. */
export type CommitRequest = {
  additions: { path: string; contents: string }[];
  deletions: { path: string }[];
  expected: Record<string, string | null>;
  /** Git storage: the branch to commit to (the default one when absent). */
  branch?: string;
  /** Git storage: the commit the editor started from; the server refuses the commit if the branch moved. */
  expectedHead?: string;
  /** Git storage: the commit message. */
  message?: string;
};

/** Went wrong after a commit landed (`push_failed`: the commit stays, pushing it on failed). */
export type CommitWarning = { code: 'push_failed'; message: string };

/** A commit's answer: the branch's files and head after it, and what went wrong after it landed. */
export type CommitResponse = TreeResponse & { warnings: CommitWarning[] };

export type Branch = {
  name: string;
  head: string;
  /** Where the remote's host opens a pull request from this branch; null for the default branch or without a known host. */
  newPullRequestUrl: string | null;
};
export type BranchList = { default: string; branches: Branch[] };
export type CreatedBranch = { name: string; head: string };

export type ErrorCode =
  | 'bad_request'
  | 'forbidden'
  | 'path_not_allowed'
  | 'not_found'
  | 'branch_not_found'
  | 'no_branches'
  | 'conflict'
  | 'protected_branch'
  | 'uncommitted_changes'
  | 'invalid_content'
  | 'storage_unavailable'
  | 'internal';

export type ErrorBody = { code: ErrorCode; message: string; details?: Record<string, unknown> | null };
