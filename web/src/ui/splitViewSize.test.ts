import { describe, expect, it } from 'vitest';
import {
  changedSize,
  clampSize,
  dragCollapses,
  draggedSize,
  keyboardStep,
  recallCollapsed,
  recallSize,
  rememberCollapsed,
  rememberSize,
  sizeChangeForKey,
  sizeStorageKey,
} from './splitViewSize';

const sizes = { defaultSize: 320, minSize: 240, maxSize: 480 };

/** A storage of strings, as localStorage keeps them. */
function memoryStorage(entries: Record<string, string> = {}) {
  const map = new Map(Object.entries(entries));
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    map,
  };
}

describe('clampSize', () => {
  it('keeps the width between the limits, in whole pixels', () => {
    expect(clampSize(100, sizes)).toBe(240);
    expect(clampSize(900, sizes)).toBe(480);
    expect(clampSize(300.6, sizes)).toBe(301);
    expect(clampSize(240, sizes)).toBe(240);
    expect(clampSize(480, sizes)).toBe(480);
  });
});

describe('draggedSize', () => {
  it('follows the pointer between the limits', () => {
    expect(draggedSize(320, 60, sizes)).toBe(380);
    expect(draggedSize(320, -50, sizes)).toBe(270);
    expect(draggedSize(400, -500, sizes)).toBe(240);
    expect(draggedSize(400, 500, sizes)).toBe(480);
  });

  it('snaps to the default within 16 pixels of it', () => {
    expect(draggedSize(400, -70, sizes)).toBe(320);
    expect(draggedSize(400, -95, sizes)).toBe(320);
    expect(draggedSize(250, 85, sizes)).toBe(320);
    expect(draggedSize(400, -64, sizes)).toBe(336);
    expect(draggedSize(250, 54, sizes)).toBe(304);
  });
});

describe('keyboard', () => {
  it('steps a tenth of the range', () => {
    expect(keyboardStep(sizes)).toBe(24);
    expect(changedSize(320, 'grow', sizes)).toBe(344);
    expect(changedSize(320, 'shrink', sizes)).toBe(296);
  });

  it('stops at the limits, and Home and End go to them', () => {
    expect(changedSize(470, 'grow', sizes)).toBe(480);
    expect(changedSize(250, 'shrink', sizes)).toBe(240);
    expect(changedSize(320, 'min', sizes)).toBe(240);
    expect(changedSize(320, 'max', sizes)).toBe(480);
  });

  it('maps the arrows by the side the pane is on', () => {
    expect(sizeChangeForKey('ArrowLeft', false)).toBe('grow');
    expect(sizeChangeForKey('ArrowRight', false)).toBe('shrink');
    expect(sizeChangeForKey('ArrowLeft', true)).toBe('shrink');
    expect(sizeChangeForKey('ArrowRight', true)).toBe('grow');
    expect(sizeChangeForKey('Home', false)).toBe('min');
    expect(sizeChangeForKey('End', true)).toBe('max');
    expect(sizeChangeForKey('ArrowUp', false)).toBeNull();
    expect(sizeChangeForKey('a', false)).toBeNull();
  });
});

describe('stored width', () => {
  it('is read back as it was remembered, under a key per id', () => {
    const storage = memoryStorage();
    rememberSize(storage, 'posts', 392);
    expect(storage.map.get('quire-split-view:posts')).toBe('392');
    expect(sizeStorageKey('posts')).toBe('quire-split-view:posts');
    expect(recallSize(storage, 'posts', sizes)).toBe(392);
    expect(recallSize(storage, 'pages', sizes)).toBe(320);
  });

  it('is the default when missing, and kept between the limits', () => {
    expect(recallSize(memoryStorage(), 'posts', sizes)).toBe(320);
    expect(recallSize(null, 'posts', sizes)).toBe(320);
    expect(recallSize(memoryStorage({ 'quire-split-view:posts': '9000' }), 'posts', sizes)).toBe(480);
    expect(recallSize(memoryStorage({ 'quire-split-view:posts': '-5' }), 'posts', sizes)).toBe(240);
    expect(recallSize(memoryStorage({ 'quire-split-view:posts': '300.4' }), 'posts', sizes)).toBe(300);
  });

  it('is the default when the stored value is not a number', () => {
    for (const garbage of ['', '  ', 'wide', '320px', 'NaN', 'Infinity', '{"size":300}', 'null']) {
      expect(recallSize(memoryStorage({ 'quire-split-view:posts': garbage }), 'posts', sizes), garbage).toBe(320);
    }
  });

  it('survives a storage that refuses to be read or written', () => {
    const refusing = {
      getItem: (): string | null => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(recallSize(refusing, 'posts', sizes)).toBe(320);
    expect(() => rememberSize(refusing, 'posts', 400)).not.toThrow();
  });
});

describe('collapsing', () => {
  it('happens when a drag leaves the side pane half its minimum wide or less', () => {
    expect(dragCollapses(320, -200, sizes)).toBe(true);
    expect(dragCollapses(320, -199, sizes)).toBe(false);
    expect(dragCollapses(240, -500, sizes)).toBe(true);
    expect(dragCollapses(240, 10, sizes)).toBe(false);
  });

  it('is remembered per view, and is not assumed', () => {
    const storage = memoryStorage();
    expect(recallCollapsed(storage, 'entry')).toBe(false);
    rememberCollapsed(storage, 'entry', true);
    expect(recallCollapsed(storage, 'entry')).toBe(true);
    expect(recallCollapsed(storage, 'other')).toBe(false);
    rememberCollapsed(storage, 'entry', false);
    expect(recallCollapsed(storage, 'entry')).toBe(false);
  });
});
