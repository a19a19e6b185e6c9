/**
 * The width of a split view's side pane: kept between its limits, snapped to its default when a drag
 * comes near it, stepped by the keyboard, and remembered in storage (a stored value that is not a
 * number gives the default back).
 */

export type SplitSizes = {
  defaultSize: number;
  minSize: number;
  maxSize: number;
};

/** A drag that comes within this many pixels of the default width lands on it. */
export const SNAP_DISTANCE = 16;

/** The keyboard crosses the range from the minimum to the maximum in this many steps. */
export const KEYBOARD_STEPS = 10;

/** What a key press asks of the side pane. */
export type SizeChange = 'grow' | 'shrink' | 'min' | 'max';

/** The width rounded to a whole pixel and kept between the limits. */
export function clampSize(size: number, sizes: SplitSizes): number {
  return Math.min(sizes.maxSize, Math.max(sizes.minSize, Math.round(size)));
}

/** The width after dragging the separator by `delta` pixels (positive widens the side pane). */
export function draggedSize(startSize: number, delta: number, sizes: SplitSizes): number {
  const size = startSize + delta;
  if (Math.abs(size - sizes.defaultSize) < SNAP_DISTANCE) return sizes.defaultSize;
  return clampSize(size, sizes);
}

/** Whether a drag that would leave the side pane `startSize + delta` wide collapses it: at half its minimum or less. */
export function dragCollapses(startSize: number, delta: number, sizes: SplitSizes): boolean {
  return startSize + delta <= sizes.minSize / 2;
}

/** One keyboard step: a tenth of the range. */
export function keyboardStep(sizes: SplitSizes): number {
  return Math.max(1, Math.round((sizes.maxSize - sizes.minSize) / KEYBOARD_STEPS));
}

export function changedSize(size: number, change: SizeChange, sizes: SplitSizes): number {
  switch (change) {
    case 'grow':
      return clampSize(size + keyboardStep(sizes), sizes);
    case 'shrink':
      return clampSize(size - keyboardStep(sizes), sizes);
    case 'min':
      return sizes.minSize;
    case 'max':
      return sizes.maxSize;
  }
}

/**
 * The change a key asks for, or null for other keys. The side pane sits at the end of the line, so
 * the arrow pointing at it narrows it (right in left-to-right text, left in right-to-left text).
 */
export function sizeChangeForKey(key: string, rtl: boolean): SizeChange | null {
  switch (key) {
    case 'ArrowLeft':
      return rtl ? 'shrink' : 'grow';
    case 'ArrowRight':
      return rtl ? 'grow' : 'shrink';
    case 'Home':
      return 'min';
    case 'End':
      return 'max';
    default:
      return null;
  }
}

/** The storage key under which a split view's width is remembered. */
export function sizeStorageKey(id: string): string {
  return `quire-split-view:${id}`;
}

type SizeStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The remembered width, kept between the limits; the default when none is stored or it is not a number. */
export function recallSize(storage: SizeStorage | null, id: string, sizes: SplitSizes): number {
  let stored: string | null = null;
  try {
    stored = storage?.getItem(sizeStorageKey(id)) ?? null;
  } catch {
    // Storage that refuses to be read remembers nothing.
  }
  if (stored === null || stored.trim() === '') return sizes.defaultSize;
  const size = Number(stored);
  return Number.isFinite(size) ? clampSize(size, sizes) : sizes.defaultSize;
}

/** The key under which a split view remembers that its side pane is collapsed. */
export function collapsedStorageKey(id: string): string {
  return `${sizeStorageKey(id)}:collapsed`;
}

export function recallCollapsed(storage: SizeStorage | null, id: string): boolean {
  try {
    return storage?.getItem(collapsedStorageKey(id)) === 'true';
  } catch {
    return false;
  }
}

export function rememberCollapsed(storage: SizeStorage | null, id: string, collapsed: boolean): void {
  try {
    storage?.setItem(collapsedStorageKey(id), String(collapsed));
  } catch {
    // As for the width: this visit only.
  }
}

export function rememberSize(storage: SizeStorage | null, id: string, size: number): void {
  try {
    storage?.setItem(sizeStorageKey(id), String(size));
  } catch {
    // A full or disabled storage keeps the width for this visit only.
  }
}
