/**
 * The admin's client routes (below the /keystatic base), as the spec names them. With git storage
 * every screen lives below `/branch/{branch}`. Each address here is a route of `App.tsx`'s
 * `screens`: a new screen changes both.
 */
import { useMemo } from 'react';
import { useCurrentBranch } from './branch/CurrentBranch';

function segment(value: string): string {
  return encodeURIComponent(value);
}

/** Slugs of `**` collections hold folders: their slashes stay path separators. */
function slugPath(slug: string): string {
  return slug.split('/').map(segment).join('/');
}

/** The routes of one branch (null: storage without branches). */
export function branchHrefs(branch: string | null) {
  // A branch name is one segment: its slashes are encoded, so `quire/x` cannot be read as a route.
  const base = branch === null ? '' : `/branch/${segment(branch)}`;
  return {
    dashboard: () => base || '/',
    collection: (collection: string) => `${base}/collection/${segment(collection)}`,
    createEntry: (collection: string, duplicate?: string) =>
      `${base}/collection/${segment(collection)}/create${duplicate === undefined ? '' : `?duplicate=${segment(duplicate)}`}`,
    entry: (collection: string, slug: string) => `${base}/collection/${segment(collection)}/item/${slugPath(slug)}`,
    singleton: (singleton: string) => `${base}/singleton/${segment(singleton)}`,
  };
}

export type Hrefs = ReturnType<typeof branchHrefs>;

/** The routes of the branch on screen. */
export function useHrefs(): Hrefs {
  const branch = useCurrentBranch();
  return useMemo(() => branchHrefs(branch), [branch]);
}

/** The same screen on another branch: `path` (below the base) with its branch segment replaced or added. */
export function onBranch(path: string, branch: string): string {
  const match = /^\/branch\/[^/]+(\/.*)?$/.exec(path);
  const rest = match !== null ? (match[1] ?? '') : path === '/' ? '' : path;
  return `/branch/${segment(branch)}${rest}`;
}
