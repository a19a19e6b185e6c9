/**
 * The rows chosen for a bulk action: 'all' (every row the search finds, loaded or not) or the
 * slugs chosen one by one. The header's checkbox reads and toggles the whole of it.
 */
export type RowSelection = 'all' | ReadonlySet<string>;

export const NO_ROWS: RowSelection = new Set();

export function isRowSelected(selection: RowSelection, slug: string): boolean {
  return selection === 'all' || selection.has(slug);
}

/** One row's checkbox pressed; leaving 'all' keeps every loaded row but this one. */
export function toggleRow(selection: RowSelection, slug: string, loaded: readonly string[]): RowSelection {
  const chosen = new Set(selection === 'all' ? loaded : selection);
  if (chosen.has(slug)) chosen.delete(slug);
  else chosen.add(slug);
  return chosen;
}

/**
 * A row's checkbox pressed with Shift: every loaded row from `anchor` (the row pressed before) to
 * `slug` takes the state `slug` takes; without an anchor among the loaded rows, as `toggleRow`.
 */
export function toggleRange(selection: RowSelection, anchor: string | null, slug: string, loaded: readonly string[]): RowSelection {
  const from = anchor === null ? -1 : loaded.indexOf(anchor);
  const to = loaded.indexOf(slug);
  if (from === -1 || to === -1) return toggleRow(selection, slug, loaded);
  const chosen = new Set(selection === 'all' ? loaded : selection);
  const select = !chosen.has(slug);
  for (const row of loaded.slice(Math.min(from, to), Math.max(from, to) + 1)) {
    if (select) chosen.add(row);
    else chosen.delete(row);
  }
  return chosen;
}

/** What the header's checkbox shows: every row, some, or none. */
export function selectionExtent(selection: RowSelection, loaded: readonly string[]): 'all' | 'some' | 'none' {
  if (selection === 'all') return 'all';
  if (selection.size === 0) return 'none';
  return loaded.length > 0 && loaded.every((slug) => selection.has(slug)) ? 'all' : 'some';
}

/** The header's checkbox pressed: everything, unless everything is already chosen. */
export function toggleAll(selection: RowSelection, loaded: readonly string[]): RowSelection {
  return selectionExtent(selection, loaded) === 'all' ? NO_ROWS : 'all';
}
