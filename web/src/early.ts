/**
 * Sends the requests the first screen will make (the config; on a collection's address its first
 * page of rows) while the rest of the admin's code loads: see `api/early.ts`.
 */
import { API_BASE, entriesPath, LIST_PAGE_SIZE } from './api/client';
import { sendEarly } from './api/early';

sendEarly(`${API_BASE}/config`);
const list = /^\/keystatic(?:\/branch\/([^/]+))?\/collection\/([^/]+)\/?$/.exec(window.location.pathname);
if (list !== null) {
  const [, branch, collection] = list;
  try {
    const path = entriesPath(decodeURIComponent(collection!), branch === undefined ? null : decodeURIComponent(branch), {
      offset: 0,
      limit: LIST_PAGE_SIZE,
    });
    sendEarly(`${API_BASE}${path}`);
  } catch {
    // An address that is no collection's: the screen says so.
  }
}
