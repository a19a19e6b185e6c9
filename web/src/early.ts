/**
 * Sends the requests the first screen will make (`app/firstRequests.ts`) while the rest of the
 * admin's code loads: see `api/early.ts`.
 */
import { sendEarly } from './api/early';
import { firstRequests } from './app/firstRequests';

let urls: string[] = [];
try {
  urls = firstRequests(window.location.pathname);
} catch {
  // An address that cannot be asked for (a name no URL can hold): its screen says so.
}
for (const url of urls) sendEarly(url);
