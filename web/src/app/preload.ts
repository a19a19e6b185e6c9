/**
 * The entry screen and the rich-text editor with the formats a collection's content fields use,
 * fetched ahead so that opening an entry waits for no download: once the browser is idle on a list,
 * and at once when a row is about to be opened.
 */
import type { Collection } from '../api/config';
import { EditEntryScreen } from './entryScreens';

const ignore = () => undefined;

export function preloadEntry(collection: Collection): void {
  // A failed preload is left for the screen to load again, and to report.
  EditEntryScreen.preload().catch(ignore);
  import('../fields/content/Field')
    .then((content) => content.preloadEditors(collection.schema))
    .catch(ignore);
}

/** Preloads when the browser has nothing else to do (soon after a list shows). */
export function preloadEntryWhenIdle(collection: Collection): () => void {
  const preload = () => preloadEntry(collection);
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(preload, { timeout: 3000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(preload, 1000);
  return () => clearTimeout(timer);
}
