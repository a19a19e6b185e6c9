/**
 * The entry screens and the rich-text editor, fetched ahead so that opening an entry waits for no
 * download: once the browser is idle on a list, and at once when a row is about to be opened.
 */
let started = false;

export function preloadEntry(): void {
  if (started) return;
  started = true;
  void import('./entry/EditEntryScreen');
  void import('../fields/content/ContentEditor');
}

/** Preloads when the browser has nothing else to do (soon after a list shows). */
export function preloadEntryWhenIdle(): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(preloadEntry, { timeout: 3000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(preloadEntry, 1000);
  return () => clearTimeout(timer);
}
