/** Request and response bodies of docs/api.md, as they travel. */
import type { Config } from './config';

/** One file or folder of the site, with its git blob or tree SHA-1. */
export type TreeEntry = { path: string; mode: '100644' | '040000'; type: 'blob' | 'tree'; sha: string };

export type ConfigResponse = { config: Config };
export type TreeResponse = { entries: TreeEntry[] };

export type Summary = {
  collections: Record<string, { count: number }>;
  singletons: Record<string, { exists: boolean }>;
};

export type ColumnValue = string | number | boolean | null;

/** One row of a collection list, from the server's content index. */
export type EntryListItem = {
  slug: string;
  /** Git blob SHA-1 of the entry's data file. */
  sha: string;
  columns: Record<string, ColumnValue>;
  /** Why the entry does not open cleanly (`file:line:column: message`), or null. */
  problem: string | null;
};
export type EntryListResponse = { entries: EntryListItem[] };

/** A change set: every path added or deleted names the blob SHA-1 read at open, or null for a new file. */
export type CommitRequest = {
  additions: { path: string; contents: string }[];
  deletions: { path: string }[];
  expected: Record<string, string | null>;
};

export type ErrorCode =
  | 'bad_request'
  | 'forbidden'
  | 'path_not_allowed'
  | 'not_found'
  | 'conflict'
  | 'invalid_content'
  | 'internal';

export type ErrorBody = { code: ErrorCode; message: string; details?: Record<string, unknown> | null };
