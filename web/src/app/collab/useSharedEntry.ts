/**
 * The shared document of the entry on screen, while collaboration is up: content fields take their
 * shared text from it. Null on a new entry, while collaboration is off, or until its code loaded.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { SharedEntry } from '../../collab/sharedEntry';
import { fieldWithFocus, useCollab } from './CollabProvider';

export function useSharedEntry(enabled: boolean): SharedEntry | null {
  const { session, placeOf } = useCollab();
  const { pathname } = useLocation();
  const [shared, setShared] = useState<SharedEntry | null>(null);
  useEffect(() => {
    if (!enabled || session === null) return;
    let open: SharedEntry | null = null;
    let cancelled = false;
    const { branch, location } = placeOf(pathname);
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
  }, [enabled, session, pathname, placeOf]);
  return shared;
}

type LiveEditor = { setField(key: string, value: unknown): void; adoptSaved(): Promise<void> };

/**
 * Keeps the form in step with the others on the entry: the values they leave in fields come in (not
 * into the field being edited here), and a save of theirs makes what they saved this form's saved
 * version.
 */
export function useLiveEntry(shared: SharedEntry | null, editor: LiveEditor): void {
  const latest = useRef(editor);
  useLayoutEffect(() => {
    latest.current = editor;
  });
  useEffect(() => {
    if (shared === null) return;
    const stopFields = shared.onFields((values) => {
      const focused = fieldWithFocus();
      for (const [key, value] of Object.entries(values)) if (key !== focused) latest.current.setField(key, value);
    });
    const stopSaved = shared.onSaved(() => void latest.current.adoptSaved().catch(() => undefined));
    return () => {
      stopFields();
      stopSaved();
    };
  }, [shared]);
}
