import { describe, expect, it } from 'vitest';
import { proportional, wholeDimension } from './dimensions';

describe('wholeDimension', () => {
  it('rounds to whole numbers', () => expect(wholeDimension(640.6)).toBe(641));
  it('reads a cleared input as null', () => expect(wholeDimension(Number.NaN)).toBeNull());
});

describe('proportional', () => {
  it('gives the height for a width', () => expect(proportional(800, 4 / 3, 'width')).toBe(600));
  it('gives the width for a height', () => expect(proportional(300, 4 / 3, 'height')).toBe(400));
  it('needs both a value and a ratio', () => {
    expect(proportional(null, 2, 'width')).toBeNull();
    expect(proportional(100, null, 'width')).toBeNull();
  });
});
