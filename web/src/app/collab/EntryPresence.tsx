/**
 * The entry screen's part of collaboration, in its header: who else is on this entry (on this
 * branch), and the socket's state (connecting, live, offline). Nothing while collaboration is off.
 */
import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { isAt } from '../../collab/presence';
import type { Person } from '../../collab/presence';
import { t } from '../../lib/messages/format';
import { useCollab, usePeople } from './CollabProvider';
import { People } from './People';

/** Others on the screen at the current address. */
export function usePeopleHere(): Person[] {
  const { pathname } = useLocation();
  const { placeOf } = useCollab();
  const here = useCallback((person: Person) => isAt(person, placeOf(pathname)), [pathname, placeOf]);
  return usePeople(here);
}

const stateLabel = {
  connecting: () => t('collab.connecting'),
  connected: () => t('collab.connected'),
  disconnected: () => t('collab.disconnected'),
};

export function EntryPresence() {
  const { state } = useCollab();
  const people = usePeopleHere();
  if (state === 'off') return null;
  return (
    <div className="entry-presence">
      <People people={people} label={t('collab.peopleHere')} />
      <span className={`collab-state collab-state-${state}`} aria-live="polite" title={stateLabel[state]()}>
        <span className="collab-state-text">{stateLabel[state]()}</span>
      </span>
    </div>
  );
}

/** The people whose focus is in the field `field` of this screen, beside it. */
export function FieldPeople({ field }: { field: string }) {
  const { pathname } = useLocation();
  const { placeOf } = useCollab();
  const inField = useCallback((person: Person) => person.path[0] === field && isAt(person, placeOf(pathname)), [field, pathname, placeOf]);
  const people = usePeople(inField);
  return <People people={people} size="small" className="field-people" label={people.length > 0 ? t('collab.inField') : undefined} />;
}
