/**
 * The shared document of the entry on screen, while collaboration is up: content fields take their
 * shared text from it. Null on a new entry, while collaboration is off, or until its code loaded.
 */
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { whereabouts } from '../../collab/presence';
import type { SharedEntry } from '../../collab/sharedEntry';
import { useCollab } from './CollabProvider';

export function useSharedEntry(enabled: boolean): SharedEntry | null {
  const { session } = useCollab();
  const { pathname } = useLocation();
  const [shared, setShared] = useState<SharedEntry | null>(null);
  useEffect(() => {
    if (!enabled || session === null) return;
    let open: SharedEntry | null = null;
    let cancelled = false;
    const { branch, location } = whereabouts(pathname);
    import('../../collab/sharedEntry').then(
      ({ openSharedEntry }) => {
        if (cancelled) return;
        open = openSharedEntry(session.socket, branch, location);
        setShared(open);
      },
      // Without its code the entry is edited alone, as offline.
      () => undefined,
    );
    return () => {
      cancelled = true;
      open?.close();
      setShared(null);
    };
  }, [enabled, session, pathname]);
  return shared;
}
