import { describe, expect, it } from 'vitest';
import { isRowSelected, NO_ROWS, selectionExtent, toggleAll, toggleRange, toggleRow } from './rowSelection';

const loaded = ['a', 'b', 'c'];

describe('row selection', () => {
  it('adds and removes one row at a time', () => {
    const one = toggleRow(NO_ROWS, 'b', loaded);
    expect(isRowSelected(one, 'b')).toBe(true);
    expect(isRowSelected(one, 'a')).toBe(false);
    expect(selectionExtent(one, loaded)).toBe('some');
    expect(selectionExtent(toggleRow(one, 'b', loaded), loaded)).toBe('none');
  });

  it('leaving "all" by one row keeps every other loaded row', () => {
    const rest = toggleRow('all', 'a', loaded);
    expect(rest).toEqual(new Set(['b', 'c']));
  });

  it('the header chooses every row, and clears once every loaded row is chosen', () => {
    expect(toggleAll(NO_ROWS, loaded)).toBe('all');
    expect(toggleAll(new Set(['a']), loaded)).toBe('all');
    expect(selectionExtent(new Set(loaded), loaded)).toBe('all');
    expect(toggleAll(new Set(loaded), loaded)).toBe(NO_ROWS);
    expect(toggleAll('all', loaded)).toBe(NO_ROWS);
  });

  it('Shift chooses every row between the one pressed before and this one, either way', () => {
    const rows = ['a', 'b', 'c', 'd', 'e'];
    expect(toggleRange(new Set(['b']), 'b', 'd', rows)).toEqual(new Set(['b', 'c', 'd']));
    expect(toggleRange(new Set(['d']), 'd', 'a', rows)).toEqual(new Set(['a', 'b', 'c', 'd']));
    // A chosen row pressed with Shift lets the range go.
    expect(toggleRange(new Set(['a', 'b', 'c', 'd']), 'a', 'c', rows)).toEqual(new Set(['d']));
    // Without a row pressed before, one row.
    expect(toggleRange(NO_ROWS, null, 'c', rows)).toEqual(new Set(['c']));
    expect(toggleRange(NO_ROWS, 'gone', 'c', rows)).toEqual(new Set(['c']));
  });
});
