/**
 * Who is where: the site's presence room, in which each tab publishes its awareness state
 * `{ user, branch, location, path }` (the server stamps `user`): the branch ('' without branches),
 * the address from the third segment on (`collection/posts/item/hello`), and the field being edited.
 */
import type { SharedRoom } from './room';
import type { CollabUser } from './socket';

export type Whereabouts = { branch: string; location: string; path: string[] };

/** Someone else in the admin, as their last state says. */
export type Person = Whereabouts & { clientId: number; user: CollabUser };

export const PRESENCE_ROOM = 'presence';

/**
 * Where an admin address (below `/keystatic`, as the router has it) is: its branch and location.
 * Someone working on their fork of the repository (`fork`: its address) is on the fork's branches,
 * which are other places than the repository's of the same name.
 */
export function whereabouts(pathname: string, fork: string | null = null): Omit<Whereabouts, 'path'> {
  const segments = pathname.split('/').filter(Boolean);
  const onBranch = segments[0] === 'branch' && segments.length >= 2;
  const branch = onBranch ? decodeURIComponent(segments[1]!) : '';
  const location = (onBranch ? segments.slice(2) : segments).join('/');
  // The fork's address is encoded as the server expects it, and keeps ':' (which ends the branch
  // in a room's name, as no git branch has one) out.
  return { branch: fork === null ? branch : `${encodeURIComponent(fork)}@${branch}`, location };
}

/** The people in `room` other than this tab, each with a whole state. */
export function peopleIn(room: SharedRoom): Person[] {
  const people: Person[] = [];
  for (const [clientId, state] of room.awareness.getStates()) {
    if (clientId === room.doc.clientID) continue;
    const person = asPerson(clientId, state);
    if (person) people.push(person);
  }
  return people;
}

function asPerson(clientId: number, state: Record<string, unknown>): Person | null {
  const { user, branch, location, path } = state;
  if (typeof user !== 'object' || user === null || typeof (user as CollabUser).name !== 'string') return null;
  if (typeof branch !== 'string' || typeof location !== 'string') return null;
  const fieldPath = Array.isArray(path) ? path.filter((part): part is string => typeof part === 'string') : [];
  return { clientId, user: user as CollabUser, branch, location, path: fieldPath };
}

/** Whether `person` is on the screen at `here` (the same branch and address). */
export function isAt(person: Whereabouts, here: Omit<Whereabouts, 'path'>): boolean {
  return person.branch === here.branch && person.location === here.location;
}

/** Whether `person` is somewhere below `prefix` (a collection's list and its entries) on `branch`. */
export function isWithin(person: Whereabouts, branch: string, prefix: string): boolean {
  return person.branch === branch && (person.location === prefix || person.location.startsWith(`${prefix}/`));
}
