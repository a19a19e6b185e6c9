/**
 * Carries the edits made in a form over to a newer version of its entry (a 'Reload' after a save
 * was refused because the files changed meanwhile): each field the person changed keeps their value,
 * every other field takes the newer version's. A field counts as changed when it alone, set on the
 * version the form opened, writes other bytes: the files decide, as for every other comparison.
 */
import { filesFor, sameFiles } from './files';
import type { EntryState } from './formState';
import type { EntryPlace } from './place';
import type { EntryShape } from './shape';

export type Rebased = {
  state: EntryState;
  /** Fields changed both in the form and in the newer version, now holding the form's value. */
  overlapping: string[];
};

/** The fields whose value in `to`, set on `from`, writes other bytes than `from` does. */
export function changedFields(shape: EntryShape, placeFor: (state: EntryState) => EntryPlace, from: EntryState, to: EntryState): string[] {
  const writes = (state: EntryState) => filesFor(shape, placeFor(state), state);
  const fromFiles = writes(from);
  return Object.keys(shape.schema).filter((key) => !sameFiles(writes({ ...from, [key]: to[key] }), fromFiles));
}

export function rebaseEdits(
  shape: EntryShape,
  placeFor: (state: EntryState) => EntryPlace,
  versions: { base: EntryState; mine: EntryState; theirs: EntryState },
): Rebased {
  const { base, mine, theirs } = versions;
  const writes = (state: EntryState) => filesFor(shape, placeFor(state), state);
  const baseFiles = writes(base);
  const differs = (state: EntryState, key: string) => !sameFiles(writes({ ...base, [key]: state[key] }), baseFiles);
  const state: EntryState = { ...theirs };
  const overlapping: string[] = [];
  for (const key of Object.keys(shape.schema)) {
    if (!differs(mine, key)) continue;
    state[key] = mine[key];
    if (differs(theirs, key) && !sameFiles(writes({ ...base, [key]: mine[key] }), writes({ ...base, [key]: theirs[key] }))) {
      overlapping.push(key);
    }
  }
  return { state, overlapping };
}
