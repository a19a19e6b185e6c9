import { describe, expect, it } from 'vitest';
import { isRowSelected, NO_ROWS, selectionExtent, toggleAll, toggleRow } from './rowSelection';

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
});
