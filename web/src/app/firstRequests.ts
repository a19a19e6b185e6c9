/**
 * The requests the first screen of an address will make, which `src/early.ts` sends before the rest
 * of the admin's code starts (see `api/early.ts`): the config; on a collection's address its first
 * page of rows; on an entry's or a singleton's address its files. None waits for another: each is
 * named by the address alone.
 */
import { API_BASE, entriesPath, entryFilesPath, LIST_PAGE_SIZE } from '../api/client';
import type { EntryRef } from '../api/client';
import { screenAtLocation } from './routes';

export function firstRequests(pathname: string): string[] {
  const urls = [`${API_BASE}/config`];
  const at = screenAtLocation(pathname);
  if (at === null) return urls;
  const { collection, singleton } = at.params;
  let entry: EntryRef | null = null;
  if (at.screen === 'entry' && collection !== undefined) entry = { collection, slug: at.params['*'] ?? '' };
  if (at.screen === 'singleton' && singleton !== undefined) entry = { singleton };
  if (entry !== null) urls.push(`${API_BASE}${entryFilesPath(entry, at.branch)}`);
  if (at.screen === 'collection' && collection !== undefined) {
    urls.push(`${API_BASE}${entriesPath(collection, at.branch, { offset: 0, limit: LIST_PAGE_SIZE })}`);
  }
  return urls;
}
