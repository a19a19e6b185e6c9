/**
 * Sends the requests the first screen will make (the config; on a collection's address its first
 * page of rows) while the rest of the admin's code loads: see `api/early.ts`.
 */
import { API_BASE, entriesPath, LIST_PAGE_SIZE } from './api/client';
import { sendEarly } from './api/early';
import { screenAtLocation } from './app/routes';

sendEarly(`${API_BASE}/config`);
const at = screenAtLocation(window.location.pathname);
if (at?.screen === 'collection') {
  try {
    const path = entriesPath(at.params.collection!, at.branch, { offset: 0, limit: LIST_PAGE_SIZE });
    sendEarly(`${API_BASE}${path}`);
  } catch {
    // An address that is no collection's: the screen says so.
  }
}
