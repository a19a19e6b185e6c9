// Tables in a post's Markdoc body: a new table (a header row of 3 and 2 rows), Tab from cell to
// cell, the table tools under it (Header row, Options with Delete row, Delete column, Insert row
// below, Insert column right and the selections, Remove), the handles on the table's edges, and the
// `{% table %}` tag the file gets.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatting, newParagraphAtEnd, shot, WELCOME } from '../helpers/editor.mjs';
import { journey, saved } from '../helpers/journey.mjs';

const post = WELCOME;

/** The table as a person reads it: one line per row, header cells in brackets. */
async function grid(table) {
  return table.evaluate((element) =>
    [...element.querySelectorAll('tr')].map((row) =>
      [...row.children].map((cell) => (cell.tagName === 'TH' ? `[${cell.textContent}]` : cell.textContent)).join(' | '),
    ),
  );
}

/** Opens the Options menu of the cell holding `text` and picks `item`. */
async function cellOption(page, table, text, item) {
  await table.getByRole('cell', { name: text, exact: true }).click();
  await page.getByRole('button', { name: 'Options' }).click();
  const menu = page.getByRole('menu');
  await menu.getByRole('menuitem', { name: item }).click();
  await menu.waitFor({ state: 'detached' });
}

test('a table is filled with Tab, reshaped from its tools and saved as a Markdoc table tag', () =>
  journey(async ({ page, open, site }) => {
    const before = site.read(`${post}.mdoc`);
    await open('/keystatic/collection/posts/item/welcome-to-the-journal');
    await newParagraphAtEnd(page);
    await formatting(page, 'Table');

    const table = page.getByRole('textbox', { name: 'Content' }).getByRole('table');
    assert.deepEqual(await grid(table), ['[] | [] | []', ' |  | ', ' |  | ']);
    assert.equal(await table.getByRole('columnheader').count(), 3);
    assert.equal(await table.getByRole('row').count(), 3);

    // The cursor starts in the first header cell; Tab moves along the rows.
    for (const [index, word] of ['Name', 'Kind', 'Size', 'Quire', 'admin', 'small', 'Keystatic', 'library', 'larger'].entries()) {
      if (index > 0) await page.keyboard.press('Tab');
      await page.keyboard.type(word);
    }
    // Shift+Tab goes back, selecting the cell's text as Tab does.
    await page.keyboard.press('Shift+Tab');
    assert.equal(await page.evaluate(() => getSelection()?.toString()), 'library');
    await page.keyboard.press('End');
    await page.keyboard.type('!');
    assert.deepEqual(await grid(table), ['[Name] | [Kind] | [Size]', 'Quire | admin | small', 'Keystatic | library! | larger']);

    // The tools: Header row (pressed), Options, Remove.
    const headerRow = page.getByRole('button', { name: 'Header row' });
    assert.equal(await headerRow.getAttribute('aria-pressed'), 'true');
    await page.getByRole('button', { name: 'Remove', exact: true }).waitFor();
    await table.getByRole('cell', { name: 'admin' }).click();
    await page.getByRole('button', { name: 'Options' }).click();
    const menu = page.getByRole('menu');
    assert.deepEqual(await menu.getByRole('menuitem').allInnerTexts(), [
      'Delete row',
      'Delete column',
      'Insert row below',
      'Insert column right',
      'Select row',
      'Select column',
      'Select table',
    ]);
    await shot(page, 'table-options');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });

    await cellOption(page, table, 'admin', 'Insert column right');
    assert.deepEqual(await grid(table), [
      '[Name] | [Kind] | [] | [Size]',
      'Quire | admin |  | small',
      'Keystatic | library! |  | larger',
    ]);
    await table.getByRole('columnheader').nth(2).click();
    await page.keyboard.type('Open');
    // Four cells on: Size, then Quire and admin of the next row, then the new column's cell.
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
    await page.keyboard.type('yes');
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
    await page.keyboard.type('no');

    await cellOption(page, table, 'small', 'Delete column');
    await cellOption(page, table, 'Keystatic', 'Insert row below');
    assert.deepEqual(await grid(table), [
      '[Name] | [Kind] | [Open]',
      'Quire | admin | yes',
      'Keystatic | library! | no',
      ' |  | ',
    ]);
    await table.getByRole('row').nth(3).getByRole('cell').first().click();
    await page.keyboard.type('Hugo');
    await page.keyboard.press('Tab');
    await page.keyboard.type('generator');
    await cellOption(page, table, 'Quire', 'Delete row');
    assert.deepEqual(await grid(table), ['[Name] | [Kind] | [Open]', 'Keystatic | library! | no', 'Hugo | generator | ']);

    // Header row off: the first row is an ordinary row; on again: a header row. (The cursor is in
    // a later row: the toggle works on the first row all the same.)
    await headerRow.click();
    assert.equal(await headerRow.getAttribute('aria-pressed'), 'false');
    assert.deepEqual(await grid(table), ['Name | Kind | Open', 'Keystatic | library! | no', 'Hugo | generator | ']);
    await headerRow.click();
    assert.equal(await headerRow.getAttribute('aria-pressed'), 'true');
    assert.deepEqual(await grid(table), ['[Name] | [Kind] | [Open]', 'Keystatic | library! | no', 'Hugo | generator | ']);
    await shot(page, 'table-tools');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await saved(page);
    assert.equal(
      site.read(`${post}.mdoc`),
      `${before}\n{% table %}\n- Name\n- Kind\n- Open\n---\n- Keystatic\n- library!\n- no\n---\n- Hugo\n- generator\n- \n{% /table %}\n`,
    );
  }));

test("a table's Remove takes it out; a table opened from the file keeps its bytes", () =>
  journey(
    async ({ page, open, site }) => {
      const before = site.read(`${post}.mdoc`);
      await open('/keystatic/collection/posts/item/welcome-to-the-journal');
      const body = page.getByRole('textbox', { name: 'Content' });
      const tables = body.getByRole('table');
      await shot(page, 'table-opened');
      await tables.first().waitFor();
      assert.equal(await tables.count(), 2);
      assert.deepEqual(await grid(tables.nth(0)), ['[Key] | [Value]', 'a | 1']);
      assert.deepEqual(await grid(tables.nth(1)), ['Only | rows', 'b | 2']);
      // The table without a header row shows the toggle off.
      await tables.nth(1).getByRole('cell', { name: 'Only' }).click();
      assert.equal(await page.getByRole('button', { name: 'Header row' }).getAttribute('aria-pressed'), 'false');

      await tables.nth(0).getByRole('cell', { name: 'a' }).click();
      await page.getByRole('button', { name: 'Remove', exact: true }).click();
      assert.equal(await tables.count(), 1);
      assert.equal(await page.getByRole('button', { name: 'Header row' }).count(), 0, 'the tools go with the table');

      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await saved(page);
      assert.equal(site.read(`${post}.mdoc`), before.replace(/\{% table %\}\n- Key[^]*?\{% \/table %\}\n\n/, ''));
    },
    {
      prepare: (site) => {
        const text = site.read(`${post}.mdoc`);
        site.write(
          `${post}.mdoc`,
          `${text}\n{% table %}\n- Key\n- Value\n---\n- a\n- 1\n{% /table %}\n\nBetween.\n\n{% table %}\n---\n- Only\n- rows\n---\n- b\n- 2\n{% /table %}\n`,
        );
      },
    },
  ));

test('handles on the edges of the table select the column, the row or the whole table; so do its Options', () =>
  journey(async ({ page, open }) => {
    await open('/keystatic/collection/posts/item/welcome-to-the-journal');
    await newParagraphAtEnd(page);
    await formatting(page, 'Table');
    const table = page.getByRole('textbox', { name: 'Content' }).getByRole('table');
    // The cursor is in the first header cell: Tab twice to the second row's first cell.
    for (const text of ['a', 'b', 'c', 'd', 'e']) {
      await page.keyboard.type(text);
      await page.keyboard.press('Tab');
    }
    const selected = () => table.evaluate((element) => [...element.querySelectorAll('.selectedCell')].map((cell) => cell.textContent));
    await page.getByRole('button', { name: 'Select column' }).click();
    assert.deepEqual(await selected(), ['c', '', '']);
    await table.getByRole('cell', { name: 'd', exact: true }).click();
    await page.getByRole('button', { name: 'Select row' }).click();
    assert.deepEqual(await selected(), ['d', 'e', '']);
    await table.getByRole('cell', { name: 'e', exact: true }).click();
    await page.getByRole('button', { name: 'Select table' }).click();
    assert.equal((await selected()).length, 9);

    await table.getByRole('cell', { name: 'e', exact: true }).click();
    await cellOption(page, table, 'e', 'Select column');
    assert.deepEqual(await selected(), ['b', 'e', '']);
  }));
