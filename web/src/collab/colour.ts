/** Each person's colour, the same in every tab: their avatar's and their cursor's. */

/** Colours white initials read on (each at least 4.5:1). */
const COLOURS = ['#b3261e', '#7b1fa2', '#1565c0', '#00695c', '#2e7d32', '#a24a00', '#5d4037', '#c2185b', '#455a64', '#4527a0'];

export function personColour(id: string): string {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return COLOURS[hash % COLOURS.length]!;
}
