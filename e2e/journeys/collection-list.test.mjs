// The collection list: columns, sorting, search in the URL, and its states.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { journey, MOD } from '../helpers/journey.mjs';

test('lists entries with their columns and opens one', () =>
  journey(async ({ page, open }) => {
    await open('/keystatic/collection/posts');
    await page.getByRole('heading', { name: 'Posts' }).waitFor();
    const grid = page.getByRole('grid');
    await grid.getByRole('columnheader', { name: /Title/ }).waitFor();
    await grid.getByRole('columnheader', { name: /Published date/ }).waitFor();
    await grid.getByText('Writing with git').click();
    await page.waitForURL('**/keystatic/collection/posts/item/writing-with-git');
  }));

test('sorting by a column header reverses the order', () =>
  journey(async ({ page, open }) => {
    await open('/keystatic/collection/posts');
    const rows = page.getByRole('grid').getByRole('row');
    await rows.nth(1).getByText('Collections and singletons').waitFor();
    await page.getByRole('columnheader', { name: /Title/ }).click();
    await rows.nth(1).getByText('Writing with git').waitFor();
  }));

test('search filters by slug, keeps the term in the URL and says when nothing matches', () =>
  journey(async ({ page, open }) => {
    await open('/keystatic/collection/posts');
    await page.getByText('Writing with git').waitFor();
    await page.keyboard.press(`${MOD}+f`);
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('type')), 'search');
    await page.keyboard.type('GIT');
    await page.waitForURL('**/keystatic/collection/posts?search=GIT');
    await page.getByText('Writing with git').waitFor();
    assert.equal(await page.getByRole('grid').getByRole('row').count(), 2, 'a header row and one entry');
    await open('/keystatic/collection/posts?search=zzz');
    await page.getByText('No results').waitFor();
    await page.getByText('No items matching "zzz" were found.').waitFor();
    assert.equal(await page.getByRole('searchbox', { name: 'Search' }).inputValue(), 'zzz');
  }));

test('an empty collection says so', () =>
  journey(
    async ({ page, open }) => {
      await open('/keystatic/collection/authors');
      await page.getByText('Empty collection').waitFor();
      await page.getByText("There aren't any entries yet. Create the first entry to see it here.").waitFor();
    },
    { prepare: (site) => rmSync(join(site.root, 'content/authors'), { recursive: true }) },
  ));

test('a broken entry still lists beside the others', () =>
  journey(
    async ({ page, open }) => {
      await open('/keystatic/collection/authors');
      await page.getByText('Ada Palmer').waitFor();
      await page.getByText('broken').waitFor();
      assert.equal(await page.getByRole('grid').getByRole('row').count(), 5);
    },
    { prepare: (site) => site.write('content/authors/broken.yaml', 'name: [unclosed\n') },
  ));

test('a collection that cannot load shows an error with a way back', () =>
  journey(async ({ page, open, site }) => {
    await open('/keystatic');
    await page.getByText('7 entries').waitFor();
    await site.stop();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Posts' }).click();
    await page.getByText('Unable to load collection').waitFor();
    await page.getByRole('link', { name: 'Dashboard' }).last().waitFor();
    site.stop = async () => {};
  }));

test('on a small screen the search folds into a button and hides again after clearing', () =>
  journey(
    async ({ page, open }) => {
      await open('/keystatic/collection/posts');
      await page.getByText('Writing with git').waitFor();
      assert.equal(await page.getByRole('searchbox').count(), 0);
      await page.getByRole('button', { name: 'Search' }).click();
      await page.getByRole('searchbox', { name: 'Search' }).fill('git');
      await page.waitForURL('**/keystatic/collection/posts?search=git');
      await page.getByRole('button', { name: 'Clear search' }).click();
      await page.getByRole('button', { name: 'Search' }).waitFor();
      assert.equal(await page.getByRole('searchbox').count(), 0);
    },
    { viewport: { width: 390, height: 800 } },
  ));
