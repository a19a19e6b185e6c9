import { describe, expect, it } from 'vitest';
import { assertUniqueKeys, moveItems, newItem, shiftItem } from './items';

const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((value) => newItem(value)) as [
  ReturnType<typeof newItem<string>>,
  ReturnType<typeof newItem<string>>,
  ReturnType<typeof newItem<string>>,
  ReturnType<typeof newItem<string>>,
];
const values = (items: { value: string }[]) => items.map((item) => item.value).join('');

describe('items', () => {
  it('get keys of their own', () => expect(new Set([a, b, c, d].map((item) => item.key)).size).toBe(4));

  it('move before or after a target, keeping the order of what moves', () => {
    expect(values(moveItems([a, b, c, d], new Set([d.key]), a.key, 'before'))).toBe('dabc');
    expect(values(moveItems([a, b, c, d], new Set([a.key, c.key]), d.key, 'after'))).toBe('bdac');
  });

  it('shift one place, staying put at either end', () => {
    expect(values(shiftItem([a, b, c], 0, 1))).toBe('bac');
    expect(values(shiftItem([a, b, c], 2, -1))).toBe('acb');
    expect(values(shiftItem([a, b, c], 2, 1))).toBe('abc');
  });

  it('refuse duplicate keys', () => {
    expect(() => assertUniqueKeys([a, b])).not.toThrow();
    expect(() => assertUniqueKeys([a, { ...b, key: a.key }])).toThrow('Array elements must have unique keys');
  });
});
