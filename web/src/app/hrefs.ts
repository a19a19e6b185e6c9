/**
 * Links to the admin's screens (below the /keystatic base), filled in from the patterns App.tsx
 * routes (routes.ts). With git storage every screen lives below `/branch/{branch}`.
 */
import { useMemo } from 'react';
import { useCurrentBranch } from './branch/CurrentBranch';
import { BRANCH_ROUTE, ROUTES, fill } from './routes';

/** The routes of one branch (null: storage without branches). */
export function branchHrefs(branch: string | null) {
  // A branch name is one segment: its slashes are encoded, so `quire/x` cannot be read as a route.
  const base = branch === null ? '' : `/${fill(BRANCH_ROUTE, { branch })}`;
  return {
    dashboard: () => base || '/',
    collection: (collection: string) => `${base}/${fill(ROUTES.collection, { collection })}`,
    createEntry: (collection: string, duplicate?: string) =>
      `${base}/${fill(ROUTES.createEntry, { collection })}${duplicate === undefined ? '' : `?duplicate=${encodeURIComponent(duplicate)}`}`,
    // Slugs of `**` collections hold folders: their slashes stay path separators.
    entry: (collection: string, slug: string) => `${base}/${fill(ROUTES.entry, { collection }, slug)}`,
    singleton: (singleton: string) => `${base}/${fill(ROUTES.singleton, { singleton })}`,
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
  return `/${fill(BRANCH_ROUTE, { branch })}${rest}`;
}
