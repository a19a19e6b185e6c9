// The legacy document field of the example's pages: its Markdoc opens in the editor with the
// features its config switches on, layouts show their columns side by side, and the layout toolbar
// switches columns and removes them; the page's body file gets the Markdoc Keystatic writes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { journey, saved } from '../helpers/journey.mjs';

const body = 'content/pages/about/body.mdoc';

test('a layout of the document field shows its columns, switches them and is saved as Markdoc', () =>
  journey(async ({ page, open, site }) => {
    const before = site.read(body);
    await open('/keystatic/collection/pages/item/about');
    const prose = page.getByRole('textbox', { name: 'Body' });
    await prose.locator('u', { hasText: 'small' }).waitFor();
    await prose.locator('kbd', { hasText: 'Ctrl' }).waitFor();

    // [2, 1]: two columns, the first twice as wide as the second.
    const areas = prose.locator('.editor-layout-area');
    assert.equal(await areas.count(), 2);
    const [wide, narrow] = [await areas.nth(0).boundingBox(), await areas.nth(1).boundingBox()];
    assert.ok(wide && narrow && Math.abs(wide.y - narrow.y) < 1, 'side by side');
    assert.ok(Math.abs(wide.width / narrow.width - 2) < 0.2, `2 and 1: ${wide.width} and ${narrow.width}`);

    // The toolbar under the layout offers the field's layouts, the current one pressed.
    await areas.nth(1).getByText('to save.').click();
    const tools = page.getByRole('group', { name: 'Layout' });
    assert.equal(await tools.getByRole('button', { name: 'Columns 2:1' }).getAttribute('aria-pressed'), 'true');
    await tools.getByRole('button', { name: 'Columns 1:1:1' }).click();
    assert.equal(await areas.count(), 3);
    await areas.nth(2).click();
    await page.keyboard.type('Third column.');

    await page.getByRole('button', { name: 'Save' }).click();
    await saved(page);
    assert.equal(
      site.read(body),
      before
        .replace('layout=[2, 1]', 'layout=[1, 1, 1]')
        .replace('{% /layout-area %}\n{% /layout %}', '{% /layout-area %}\n\n{% layout-area %}\nThird column.\n{% /layout-area %}\n{% /layout %}'),
    );

    // The toolbar's Layout button unwraps the layout the cursor is in; Remove takes it away.
    await areas.nth(0).getByText('We write about').click();
    await page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Layout' }).click();
    assert.equal(await areas.count(), 0);
    await prose.getByText('Third column.').waitFor();
  }));

test('a new layout goes in from the toolbar and the insert menu, with one area per column', () =>
  journey(async ({ page, open, site }) => {
    await open('/keystatic/collection/pages/item/home');
    const prose = page.getByRole('textbox', { name: 'Body' });
    await prose.getByText('Welcome to the journal.').click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('/lay');
    await page.getByRole('option', { name: /Layout/ }).click();
    const areas = prose.locator('.editor-layout-area');
    assert.equal(await areas.count(), 2, 'the first of the field\'s layouts: [1, 1]');
    await page.keyboard.type('Left');
    await areas.nth(1).click();
    await page.keyboard.type('Right');
    await page.getByRole('button', { name: 'Save' }).click();
    await saved(page);
    assert.equal(
      site.read('content/pages/home/body.mdoc'),
      'Welcome to the journal.\n\n{% layout layout=[1, 1] %}\n{% layout-area %}\nLeft\n{% /layout-area %}\n\n{% layout-area %}\nRight\n{% /layout-area %}\n{% /layout %}\n',
    );
    await page.getByRole('group', { name: 'Layout' }).getByRole('button', { name: 'Remove' }).click();
    assert.equal(await areas.count(), 0);
  }));
