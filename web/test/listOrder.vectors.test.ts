/**
 * The list's order of text (vectors/list/order.json): the server sorts a collection's rows with the
 * Unicode root collation; the browser's localeCompare, which Keystatic's list uses, gives the same.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const vector = JSON.parse(readFileSync(join(import.meta.dirname, '../../vectors/list/order.json'), 'utf8')) as { sorted: string[] };

it("sorts text as the server's collator does", () => {
  const reversed = [...vector.sorted].reverse();
  expect(reversed.sort((a, b) => a.localeCompare(b, 'en'))).toEqual(vector.sorted);
});
