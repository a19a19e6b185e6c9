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
    const grid = page.getByRole('table');
    await grid.getByRole('columnheader', { name: /Title/ }).waitFor();
    await grid.getByRole('columnheader', { name: /Published date/ }).waitFor();
    // The header stays on top as the rows scroll, and hides them.
    const style = await grid.getByRole('columnheader', { name: /Title/ }).evaluate((th) => {
      const css = getComputedStyle(th);
      return { position: css.position, background: css.backgroundColor };
    });
    assert.equal(style.position, 'sticky');
    assert.notEqual(style.background, 'rgba(0, 0, 0, 0)');
    // The Author column names the related author rather than showing its slug.
    const row = grid.getByRole('row', { name: 'Writing with git' });
    assert.equal(await row.getByRole('cell').last().textContent(), 'Tomas Reyes');
    await grid.getByText('Writing with git').click();
    await page.waitForURL('**/keystatic/collection/posts/item/writing-with-git');
  }));

test('sorting by a column header reverses the order', () =>
  journey(async ({ page, open }) => {
    await open('/keystatic/collection/posts');
    const rows = page.getByRole('table').getByRole('row');
    await rows.nth(1).getByText('Collections and singletons').waitFor();
    await page.getByRole('columnheader', { name: /Title/ }).click();
    await rows.nth(1).getByText('Writing with git').waitFor();
    // The order is in the URL, as the search is: a reload keeps it.
    assert.match(page.url(), /[?&]sort=-title(&|$)/);
    await page.reload();
    await rows.nth(1).getByText('Writing with git').waitFor();
    assert.equal(await page.getByRole('columnheader', { name: /Title/ }).getAttribute('aria-sort'), 'descending');
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
    // The server answers the settled term: a header row and one entry.
    await page.waitForFunction(() => document.querySelectorAll('table tr').length === 2);
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
      assert.equal(await page.getByRole('table').getByRole('row').count(), 5);
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

test('a long list comes a page at a time as it scrolls, and a search finds entries by any column', () =>
  journey(
    async ({ page, open }) => {
      const asked = [];
      page.on('request', (request) => {
        if (request.url().includes('/collections/posts/entries')) asked.push(new URL(request.url()).searchParams);
      });
      await open('/keystatic/collection/posts');
      const grid = page.getByRole('table');
      await grid.getByText('Bulk post 000').waitFor();
      // Only the first page came: the browser never holds every row.
      assert.equal(asked.length, 1);
      // A page is 50 rows (LIST_PAGE_SIZE in web/src/api/client.ts).
      assert.equal(asked[0].get('limit'), '50');
      assert.equal(await grid.getByText('Bulk post 249').count(), 0);
      // Scrolling to the end asks for the rest, a page at a time.
      for (let i = 0; i < 10 && (await grid.getByText('Bulk post 249').count()) === 0; i++) {
        await grid.hover();
        await page.mouse.wheel(0, 20000);
        await page.waitForTimeout(200);
      }
      await grid.getByText('Bulk post 249').waitFor();
      // One page after another, each once: Bulk post 249 is the 250th row, on the fifth page.
      const offsets = asked.map((params) => params.get('offset'));
      assert.deepEqual(offsets.slice(0, 5), ['0', '50', '100', '150', '200']);
      assert.deepEqual(offsets, offsets.map((_, page) => String(page * 50)));
      // The author column's text is searched on the server.
      await page.getByRole('searchbox', { name: 'Search' }).fill('mei-lin');
      await page.waitForURL('**/keystatic/collection/posts?search=mei-lin');
      await grid.getByText('Plain files age well').waitFor();
      await grid.getByText('Collections and singletons').waitFor();
      await page.waitForFunction(() => document.querySelectorAll('table tr').length === 3);
    },
    {
      prepare: (site) => {
        for (let i = 0; i < 250; i++) {
          const n = String(i).padStart(3, '0');
          site.write(
            `content/posts/bulk-${n}.mdoc`,
            `---\ntitle: Bulk post ${n}\npublishedDate: 2023-01-01\nauthor: ada-palmer\n---\nText ${n}.\n`,
          );
        }
      },
    },
  ));

test('bulk delete: rows chosen by their checkboxes go in one change after one confirmation', () =>
  journey(async ({ page, open, site }) => {
    await open('/keystatic/collection/posts');
    const grid = page.getByRole('table');
    await grid.getByText('Writing with git').waitFor();
    const before = await grid.getByRole('row').count();
    // The header's checkbox chooses every row the search finds.
    await grid.getByRole('row').first().getByRole('checkbox').check();
    const bar = page.getByRole('region', { name: 'Selected entries' });
    await bar.getByText(`All ${before - 1} entries selected`).waitFor();
    await bar.getByRole('button', { name: 'Clear selection' }).click();
    await bar.waitFor({ state: 'detached' });

    await grid.getByRole('row', { name: /Writing with git/ }).getByRole('checkbox').check();
    await grid.getByRole('row', { name: /Plain files age well/ }).getByRole('checkbox').check();
    await bar.getByText('2 entries selected').waitFor();
    await page.screenshot({ path: process.env.SCREENSHOT_DIR ? `${process.env.SCREENSHOT_DIR}/list-bulk-selection.png` : undefined });
    await bar.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete entries' });
    await dialog.getByText('Delete 2 entries? This cannot be undone.').waitFor();
    // The confirmation names what it deletes.
    assert.deepEqual(await dialog.getByRole('listitem').allInnerTexts(), ['writing-with-git', 'plain-files-age-well']);
    await dialog.getByRole('button', { name: 'Yes, delete' }).click();
    await page.getByText('2 entries deleted').waitFor();
    await grid.getByText('Writing with git').waitFor({ state: 'detached' });
    assert.equal(await grid.getByRole('row').count(), before - 2);
    assert.equal(site.read('content/posts/writing-with-git.mdoc'), null);
    assert.equal(site.read('content/posts/plain-files-age-well.mdoc'), null);
    assert.notEqual(site.read('content/posts/welcome-to-the-journal.mdoc'), null);
  }));

test('files changed outside the admin show in the list and the dashboard without a restart', () =>
  journey(async ({ page, open, site }) => {
    await open('/keystatic/collection/posts');
    const grid = page.getByRole('table');
    await grid.getByText('Writing with git').waitFor();
    // An editor elsewhere (or git pull) changes one post and adds another.
    const post = site.read('content/posts/writing-with-git.mdoc');
    site.write('content/posts/writing-with-git.mdoc', post.replace('title: Writing with git', 'title: Written outside'));
    site.write('content/posts/from-elsewhere.mdoc', '---\ntitle: From elsewhere\npublishedDate: 2024-07-01\n---\nHello.\n');
    await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
    await page.getByText('8 entries').first().waitFor();
    await page.getByRole('navigation').getByRole('link', { name: 'Posts' }).click();
    await grid.getByText('Written outside').waitFor();
    await grid.getByText('From elsewhere').waitFor();
    assert.equal(await grid.getByText('Writing with git').count(), 0);
  }));

test('on a phone the title keeps the room: on up to two lines, the other columns left out', () =>
  journey(
    async ({ page, open }) => {
      await open('/keystatic/collection/posts');
      const title = page.getByRole('table').getByRole('link', { name: 'Collections and singletons' });
      await title.waitFor();
      // Shown whole, not cut off.
      assert.ok(await title.evaluate((link) => link.scrollWidth <= link.clientWidth && link.scrollHeight <= link.clientHeight + 1));
      assert.equal(await page.getByRole('columnheader', { name: /Published date/ }).isVisible(), false);
      assert.equal(await page.getByRole('columnheader', { name: /Title/ }).isVisible(), true);
    },
    { viewport: { width: 390, height: 800 } },
  ));

test('Shift with a checkbox chooses the rows between; titles two rows share show their slugs', () =>
  journey(
    async ({ page, open }) => {
      await open('/keystatic/collection/posts');
      const grid = page.getByRole('table');
      const bar = page.getByRole('region', { name: 'Selected entries' });
      const rows = grid.getByRole('row');
      await grid.getByText('Plain files age well').waitFor();
      await rows.nth(2).getByRole('checkbox').check();
      await rows.nth(5).getByRole('checkbox').click({ modifiers: ['Shift'] });
      await bar.getByText('4 entries selected').waitFor();
      // Shift on a chosen row lets the rows from the last one pressed go again.
      await rows.nth(3).getByRole('checkbox').click({ modifiers: ['Shift'] });
      await bar.getByText('1 entry selected').waitFor();

      // A duplicate keeps its source's title: the two rows show their slugs.
      const shared = grid.getByRole('row', { name: /^Writing with git/ });
      assert.equal(await shared.count(), 2);
      assert.deepEqual((await shared.locator('.entry-table-slug').allInnerTexts()).sort(), ['writing-with-git', 'writing-with-git-copy']);
      assert.equal(await grid.getByRole('row', { name: /Plain files age well/ }).locator('.entry-table-slug').count(), 0);
    },
    {
      prepare: (site) =>
        site.write(
          'content/posts/writing-with-git-copy.mdoc',
          site.read('content/posts/writing-with-git.mdoc'),
        ),
    },
  ));
