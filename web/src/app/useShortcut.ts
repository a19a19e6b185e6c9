/** Binds mod+key (Cmd on Apple platforms, Ctrl elsewhere) for as long as the screen is shown. */
import { useEffect, useEffectEvent } from 'react';

export function useModShortcut(key: string, handler: () => void): void {
  const onShortcut = useEffectEvent(handler);
  useEffect(() => {
    const listener = (event: KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === key) {
        // Replaces the browser's own action (find, save page).
        event.preventDefault();
        onShortcut();
      }
    };
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [key]);
}
