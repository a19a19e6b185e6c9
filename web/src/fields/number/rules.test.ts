import { describe, expect, it } from 'vitest';
import { readTypedNumber } from './rules';

describe('readTypedNumber', () => {
  it('reads decimal numbers as typed', () => {
    expect(readTypedNumber(' 12 ')).toBe(12);
    expect(readTypedNumber('-1.5')).toBe(-1.5);
    expect(readTypedNumber('1.')).toBe(1);
    expect(readTypedNumber('.5')).toBe(0.5);
    expect(readTypedNumber('2.5e-1')).toBe(0.25);
    expect(readTypedNumber('')).toBeNull();
  });

  it('does not read other notations as the number they would be in JavaScript', () => {
    for (const text of ['0x1F', '0b11', '0o7', 'Infinity', '12abc', '1_000', '-', '1,5']) {
      expect(readTypedNumber(text)).toBeNaN();
    }
  });
});
