/** Whether a CSS media query matches, updated as the viewport changes. */
import { useSyncExternalStore } from 'react';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}

/** Below the tablet breakpoint (the sidebar becomes a slide-in panel there too). */
export const SMALL_SCREEN = '(max-width: 767px)';
