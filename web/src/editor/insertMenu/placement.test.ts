import { describe, expect, it } from 'vitest';
import { opensAbove } from './placement';

const room = { caretTop: 100, caretBottom: 120, menuHeight: 300, visibleTop: 0, visibleBottom: 800 };

describe('where the insert menu opens', () => {
  it('opens under the slash when it fits there', () => {
    expect(opensAbove(room)).toBe(false);
    expect(opensAbove({ ...room, caretTop: 476, caretBottom: 496 })).toBe(false);
  });

  it('opens above the slash near the bottom of the window', () => {
    expect(opensAbove({ ...room, caretTop: 640, caretBottom: 660 })).toBe(true);
  });

  it('stays under the slash when there is even less room above', () => {
    expect(opensAbove({ ...room, caretTop: 450, caretBottom: 470, visibleTop: 300, visibleBottom: 700 })).toBe(false);
  });

  it('measures the room above from the bottom of the sticky toolbar', () => {
    expect(opensAbove({ ...room, caretTop: 420, caretBottom: 440, visibleBottom: 600, visibleTop: 0 })).toBe(true);
    expect(opensAbove({ ...room, caretTop: 420, caretBottom: 440, visibleBottom: 600, visibleTop: 300 })).toBe(false);
  });
});
