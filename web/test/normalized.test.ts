/** The keys of vectors/config/normalized.json are what `canonical` makes of them, so lookups find them. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonical, normalizeField, normalizeFormat } from './normalized';

const file = join(import.meta.dirname, '../../vectors/config/normalized.json');
const { fields, formats } = JSON.parse(readFileSync(file, 'utf8')) as Record<'fields' | 'formats', Record<string, unknown>>;

describe('normalized fragments', () => {
  it.each([
    ['fields', fields],
    ['formats', formats],
  ])('the server keys %s as canonical writes them', (_, table) => {
    const keys = Object.keys(table);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter((key) => canonical(JSON.parse(key)) !== key)).toEqual([]);
  });

  it('sorts keys at every depth, in arrays too', () => {
    expect(canonical({ b: 1, a: [{ d: 2, c: { f: 3, e: 4 } }] })).toBe('{"a":[{"c":{"e":4,"f":3},"d":2}],"b":1}');
  });

  it('finds a fragment whatever the order of its keys', () => {
    expect(normalizeField({ label: 'Title', kind: 'text' })).toEqual(normalizeField({ kind: 'text', label: 'Title' }));
  });

  it('reads an absent format as {}', () => {
    expect(normalizeFormat(undefined)).toEqual({ data: 'yaml', contentField: null });
  });

  it('says how to add a fragment it does not hold', () => {
    expect(() => normalizeField({ kind: 'text', label: 'Nowhere in the vectors' })).toThrow(
      '{"kind":"text","label":"Nowhere in the vectors"} is not normalized: add it to vectors/config/fragments.json and run QUIRE_BLESS=1 cargo test -p server --test config_wire',
    );
  });
});
