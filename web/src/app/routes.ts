/**
 * The admin's screens by address, below the /keystatic base (and below `/branch/{branch}` with
 * storage that has branches), in one place: App.tsx routes these patterns, hrefs.ts fills them in,
 * and the code that loads ahead of a screen (entryScreens.ts, early.ts) recognizes them here.
 */

/** Where the admin lives. */
export const BASE_PATH = '/keystatic';

/** The branch a screen is on, as the first part of its address. */
export const BRANCH_ROUTE = 'branch/:branch';

/** Every screen but the dashboard (the branch's own address), as react-router patterns. */
export const ROUTES = {
  collection: 'collection/:collection',
  createEntry: 'collection/:collection/create',
  entry: 'collection/:collection/item/*',
  singleton: 'singleton/:singleton',
} as const;

export type Screen = keyof typeof ROUTES;

/**
 * `pattern` with each `:name` part replaced by `params[name]` as one segment (its slashes encoded),
 * and a trailing `*` by `rest`, whose slashes stay separators.
 */
export function fill(pattern: string, params: Record<string, string>, rest = ''): string {
  return pattern
    .split('/')
    .map((part) => (part === '*' ? rest.split('/').map(encodeURIComponent).join('/') : part.startsWith(':') ? encodeURIComponent(params[part.slice(1)] ?? '') : part))
    .join('/');
}

/** A screen's address taken apart: which screen, its branch (null: none named) and its decoded parts. */
export type ScreenAt = { screen: Screen; branch: string | null; params: Record<string, string> };

/**
 * The screen `pathname` (below the base) shows; null for the dashboard and for addresses that are no
 * screen's. A trailing slash is ignored.
 */
export function screenAt(pathname: string): ScreenAt | null {
  const parts = pathname.split('/').filter((part, index, all) => part !== '' || (index > 0 && index < all.length - 1));
  let branch: string | null = null;
  if (parts[0] === 'branch' && parts.length >= 2) {
    branch = decode(parts[1]!);
    parts.splice(0, 2);
  }
  for (const screen of Object.keys(ROUTES) as Screen[]) {
    const params = matchParts(ROUTES[screen].split('/'), parts);
    if (params !== null) return { screen, branch, params };
  }
  return null;
}

/** The screen a page's address (`window.location.pathname`, with the base) shows. */
export function screenAtLocation(pathname: string): ScreenAt | null {
  if (pathname !== BASE_PATH && !pathname.startsWith(`${BASE_PATH}/`)) return null;
  return screenAt(pathname.slice(BASE_PATH.length));
}

function matchParts(pattern: string[], parts: string[]): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (const [index, part] of pattern.entries()) {
    if (part === '*') {
      params['*'] = parts.slice(index).map(decode).join('/');
      return params;
    }
    const given = parts[index];
    if (given === undefined || given === '') return null;
    if (part.startsWith(':')) params[part.slice(1)] = decode(given);
    else if (part !== given) return null;
  }
  return parts.length === pattern.length ? params : null;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
