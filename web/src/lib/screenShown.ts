/**
 * The moment the first screen's content shows (a list's rows, the dashboard's counts, an entry's
 * form). Code that screen does not need (menus, dialogs) waits for it, then for an idle moment, so
 * the first screen never waits for it. A screen that never says so (an error, say) lets it come a
 * few seconds after the page starts.
 */
import { useEffect } from 'react';

let shown = false;
const waiting = new Set<() => void>();

export function markScreenShown(): void {
  if (shown) return;
  shown = true;
  whenIdle(() => {
    for (const run of waiting) run();
    waiting.clear();
  });
}

/** Runs `run` once, idle after the first screen shows; the result cancels it. */
export function afterScreenShown(run: () => void): () => void {
  if (shown) return whenIdle(run);
  waiting.add(run);
  return () => void waiting.delete(run);
}

function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(run, { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, 200);
  return () => clearTimeout(timer);
}

setTimeout(markScreenShown, 4000);

/** A screen says its content shows (once `shown` is true). */
export function useScreenShown(shown: boolean): void {
  useEffect(() => {
    if (shown) markScreenShown();
  }, [shown]);
}
