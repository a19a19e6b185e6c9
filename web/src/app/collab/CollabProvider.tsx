/**
 * Live collaboration for the admin: after the first screen shows, and when `quire.yaml` does not
 * turn it off, a session (socket and presence, loaded then) tells the others where this tab is (the
 * address, and the field that has focus, by its `data-field`) and who else is where.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { whereabouts } from '../../collab/presence';
import type { Person, Whereabouts } from '../../collab/presence';
import type { CollabSession, CollabSnapshot } from '../../collab/session';
import type { SocketState } from '../../collab/socket';
import { afterScreenShown } from '../../lib/screenShown';
import { useConfig, useRepository } from '../data/ConfigProvider';
import { readCollabName } from './collabName';

export type Collab = {
  state: SocketState | 'off';
  snapshot: CollabSnapshot | null;
  session: CollabSession | null;
  /** Where an admin address is, for this person (see `whereabouts`). */
  placeOf(pathname: string): Omit<Whereabouts, 'path'>;
};

const off: Collab = { state: 'off', snapshot: null, session: null, placeOf: (pathname) => whereabouts(pathname) };
const CollabContext = createContext<Collab>(off);

const noSubscription = () => () => {};
const noSnapshot = () => null;

function socketUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${window.location.host}/api/keystatic/v1/collab`;
}

export function CollabProvider({ children }: { children: ReactNode }) {
  const { collaboration } = useConfig();
  const [session, setSession] = useState<CollabSession | null>(null);
  useEffect(() => {
    if (!collaboration) return;
    let opened: CollabSession | null = null;
    let cancelled = false;
    const cancel = afterScreenShown(() => {
      import('../../collab/session').then(
        ({ CollabSession }) => {
          if (cancelled) return;
          opened = new CollabSession(socketUrl(), readCollabName);
          setSession(opened);
        },
        // The server is gone (its code could not load): the page works alone, as it would offline.
        () => undefined,
      );
    });
    return () => {
      cancelled = true;
      cancel();
      opened?.close();
      setSession(null);
    };
  }, [collaboration]);
  const snapshot = useSyncExternalStore(session?.subscribe ?? noSubscription, session?.getSnapshot ?? noSnapshot);
  const repository = useRepository();
  const fork = repository?.forkOf ? repository.url : null;
  const placeOf = useCallback((pathname: string) => whereabouts(pathname, fork), [fork]);
  useWhereabouts(session, placeOf);
  const value = useMemo<Collab>(
    () => (session && snapshot ? { state: snapshot.state, snapshot, session, placeOf } : { ...off, placeOf }),
    [session, snapshot, placeOf],
  );
  return <CollabContext.Provider value={value}>{children}</CollabContext.Provider>;
}

export function useCollab(): Collab {
  return useContext(CollabContext);
}

/** Everyone else, filtered by `include` (none while collaboration is off or down). */
export function usePeople(include: (person: Person) => boolean): Person[] {
  const { snapshot } = useCollab();
  return useMemo(() => (snapshot ? snapshot.people.filter(include) : []), [snapshot, include]);
}

/** Keeps the session told of this tab's address and the field with focus. */
function useWhereabouts(session: CollabSession | null, placeOf: Collab['placeOf']): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!session) return;
    const report = () => session.setWhereabouts({ ...placeOf(pathname), path: [fieldWithFocus()].filter((field) => field !== null) });
    // Focus leaving a field is told only if it lands nowhere else, a moment later.
    let left: ReturnType<typeof setTimeout> | undefined;
    const onLeave = () => {
      clearTimeout(left);
      left = setTimeout(report, 0);
    };
    report();
    document.addEventListener('focusin', report);
    document.addEventListener('focusout', onLeave);
    return () => {
      clearTimeout(left);
      document.removeEventListener('focusin', report);
      document.removeEventListener('focusout', onLeave);
    };
  }, [session, pathname, placeOf]);
}

/** The entry's field that has focus in this tab, as its `data-field` names it; null when none has. */
export function fieldWithFocus(): string | null {
  return document.activeElement?.closest('[data-field]')?.getAttribute('data-field') ?? null;
}
