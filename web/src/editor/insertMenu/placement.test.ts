import { describe, expect, it } from 'vitest';
import { menuLeft, opensAbove } from './placement';

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

describe('the left edge of the insert menu', () => {
  it('is under the slash when the menu fits', () => {
    expect(menuLeft(40, 600, 320)).toBe(40);
    expect(menuLeft(280, 600, 320)).toBe(280);
  });

  it('moves left to keep the menu inside the frame', () => {
    expect(menuLeft(400, 600, 320)).toBe(280);
  });

  it('starts at the frame edge when the frame is narrower than the menu', () => {
    expect(menuLeft(100, 300, 300)).toBe(0);
  });
});
