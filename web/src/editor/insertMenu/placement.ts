/**
 * Where the insert menu opens: under the slash when it fits in the visible part of the page (below
 * the editor's sticky toolbar, above the window's bottom), else above the slash when there is more
 * room there, so that the menu is never cut off at the bottom of the window.
 */

export type MenuRoom = {
  /** The slash's top and bottom, in window coordinates. */
  caretTop: number;
  caretBottom: number;
  /** The menu's height as it opens. */
  menuHeight: number;
  /** The visible band of the page, in window coordinates. */
  visibleTop: number;
  visibleBottom: number;
};

/** The gap between the slash and the menu. */
export const menuGap = 4;

export function opensAbove({ caretTop, caretBottom, menuHeight, visibleTop, visibleBottom }: MenuRoom): boolean {
  const below = visibleBottom - caretBottom - menuGap;
  if (below >= menuHeight) return false;
  const above = caretTop - visibleTop - menuGap;
  return above > below;
}

/**
 * The menu's left edge in the editor's frame: under the slash, moved left as far as needed to stay
 * inside the frame (a menu past its edge would be cut off, or scroll the page sideways).
 */
export function menuLeft(slashLeft: number, frameWidth: number, menuWidth: number): number {
  return Math.max(0, Math.min(slashLeft, frameWidth - menuWidth));
}
