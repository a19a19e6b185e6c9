/**
 * The items of array and blocks fields as the form keeps them: each with a key that stays with it
 * through reorders and removals, so React keeps each item's widgets (and their drafts) in place.
 */
import { t } from '../../lib/messages/format';

export type Item<V = unknown> = { key: string; value: V };

let lastKey = 0;
// Items also come from other tabs (people editing together leave lists to each other): a prefix of
// this tab's keeps its keys apart from theirs.
const tab = Math.random().toString(36).slice(2, 8);

export function newItem<V>(value: V): Item<V> {
  lastKey += 1;
  return { key: `item-${tab}-${lastKey}`, value };
}

/** Guards the invariant lists rely on; a duplicate is a bug, never a user's doing. */
export function assertUniqueKeys(items: readonly Item[]): void {
  if (new Set(items.map((item) => item.key)).size !== items.length) throw new Error(t('array.duplicateKeys'));
}

/** The items with the ones at `keys` moved before (or after) the item at `target`. */
export function moveItems<V>(items: readonly Item<V>[], keys: ReadonlySet<string>, target: string, position: 'before' | 'after'): Item<V>[] {
  const moving = items.filter((item) => keys.has(item.key));
  const staying = items.filter((item) => !keys.has(item.key));
  const index = staying.findIndex((item) => item.key === target);
  if (index === -1) return [...items];
  const at = position === 'before' ? index : index + 1;
  return [...staying.slice(0, at), ...moving, ...staying.slice(at)];
}

/** The items with the one at `index` swapped with its neighbour `by` places away (when there is one). */
export function shiftItem<V>(items: readonly Item<V>[], index: number, by: -1 | 1): Item<V>[] {
  const other = index + by;
  const a = items[index];
  const b = items[other];
  if (a === undefined || b === undefined) return [...items];
  const next = [...items];
  next[index] = b;
  next[other] = a;
  return next;
}
