import { describe, expect, it } from 'vitest';
import { orderFromParam } from './useListOrder';

const columns = [{ id: 'title' }, { id: 'publishedDate' }];

describe("the list's order in the URL", () => {
  it('reads a column, descending with a leading minus', () => {
    expect(orderFromParam('publishedDate', columns)).toEqual({ column: 'publishedDate', direction: 'ascending' });
    expect(orderFromParam('-publishedDate', columns)).toEqual({ column: 'publishedDate', direction: 'descending' });
  });

  it('ignores a column the list does not have, and no order at all', () => {
    expect(orderFromParam('-secret', columns)).toBeNull();
    expect(orderFromParam('', columns)).toBeNull();
    expect(orderFromParam(null, columns)).toBeNull();
  });
});
