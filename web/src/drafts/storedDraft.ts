/**
 * The spec's version 1 draft: an entry's unsaved files, as its form would write them, with when they
 * were kept. Collection drafts name the slug the files were written for; drafts of an existing entry
 * or singleton name the state of the entry's files they started from (`beforeTreeKey`), so a
 * restored draft can tell whether the entry changed since.
 */

export type StoredDraft = {
  version: 1;
  savedAt: Date;
  slug?: string;
  beforeTreeKey?: string;
  files: Map<string, Uint8Array>;
};

/** Where a draft is kept: Keystatic's keys, so one draft per entry, create form and singleton. */
export type DraftKey =
  | readonly ['collection', collection: string, slug: string]
  | readonly ['collection-create', collection: string]
  | readonly ['collection-create', collection: string, duplicateSlug: string]
  | readonly ['singleton', singleton: string];

/** The draft in a stored value, or null when it is not a version 1 draft (an older shape, say). */
export function readStoredDraft(value: unknown): StoredDraft | null {
  if (typeof value !== 'object' || value === null) return null;
  const { version, savedAt, slug, beforeTreeKey, files } = value as Record<string, unknown>;
  if (version !== 1 || !(savedAt instanceof Date) || !(files instanceof Map)) return null;
  if (slug !== undefined && typeof slug !== 'string') return null;
  if (beforeTreeKey !== undefined && typeof beforeTreeKey !== 'string') return null;
  for (const [path, bytes] of files) {
    if (typeof path !== 'string' || !(bytes instanceof Uint8Array)) return null;
  }
  return {
    version,
    savedAt,
    files: files as Map<string, Uint8Array>,
    ...(slug === undefined ? {} : { slug }),
    ...(beforeTreeKey === undefined ? {} : { beforeTreeKey }),
  };
}
