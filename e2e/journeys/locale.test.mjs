// The admin in the reader's language: chosen in the theme menu, else the site's, else the browser's; right to left.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { dateShown, fillDate, journey } from '../helpers/journey.mjs';

// The German texts are the ones the catalogue holds, whatever its translators wrote.
const catalogue = JSON.parse(readFileSync(new URL('../../web/src/lib/messages/locales/de-DE.json', import.meta.url), 'utf8'));

/** The de-DE text of `key`, with `{count}` (a plural template's `other` form) and `{name}`s filled in. */
function german(key, variables = {}) {
  const template = catalogue[key];
  assert.ok(template !== undefined, `de-DE.json has no "${key}"`);
  const text = typeof template === 'string' ? template : template.other;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in variables ? String(variables[name]) : whole));
}

test('choosing Deutsch in the theme menu shows the admin in German after the reload, and on the next visit', () =>
  journey(async ({ page, open }) => {
    await open('/keystatic');
    await page.getByRole('main').getByText('7 entries').waitFor();
    await page.getByRole('button', { name: 'Theme' }).click();
    assert.equal(await page.getByRole('menuitemradio', { name: 'English' }).getAttribute('aria-checked'), 'true');
    await Promise.all([page.waitForEvent('load'), page.getByRole('menuitemradio', { name: 'Deutsch' }).click()]);
    await page.getByRole('main').getByText(german('dashboard.entries', { count: 7 })).waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('quire-locale')), 'de-DE');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'de-DE');
    assert.equal(await page.evaluate(() => document.documentElement.dir), 'ltr');

    // The next visit, on another screen, is in German too; the menu has Deutsch checked, and
    // react-aria's own words (the popover's dismiss button) are German.
    await open('/keystatic/collection/posts');
    await page.getByRole('navigation').getByRole('link', { name: german('nav.dashboard') }).waitFor();
    await page.getByRole('button', { name: german('theme.label') }).click();
    assert.equal(await page.getByRole('menuitemradio', { name: 'Deutsch' }).getAttribute('aria-checked'), 'true');
    assert.equal(await page.getByRole('menuitemradio', { name: 'English' }).getAttribute('aria-checked'), 'false');
    await page.getByRole('button', { name: 'Schließen' }).first().waitFor({ state: 'attached' });

    // And back to English.
    await Promise.all([page.waitForEvent('load'), page.getByRole('menuitemradio', { name: 'English' }).click()]);
    await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('quire-locale')), 'en-US');
  }));

test('a browser in German opens the admin in German without a choice', () =>
  journey(
    async ({ page, open }) => {
      await open('/keystatic');
      await page.getByRole('main').getByText(german('dashboard.entries', { count: 7 })).waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'de-DE');
      assert.equal(await page.evaluate(() => localStorage.getItem('quire-locale')), null);
    },
    { locale: 'de-DE' },
  ));

test("a site's locale opens the admin in it for a browser in English, until the person chooses another", () =>
  journey(
    async ({ page, open }) => {
      await open('/keystatic');
      await page.getByRole('main').getByText(german('dashboard.entries', { count: 7 })).waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'de-DE');
      await page.getByRole('button', { name: german('theme.label') }).click();
      await Promise.all([page.waitForEvent('load'), page.getByRole('menuitemradio', { name: 'English' }).click()]);
      await page.getByRole('main').getByText('7 entries').waitFor();
      await open('/keystatic/collection/posts');
      await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).waitFor();
    },
    { files: { 'quire.yaml': `${readFileSync(new URL('../../examples/blog/quire.yaml', import.meta.url), 'utf8')}locale: de-DE\n` } },
  ));

test("date fields follow the admin's language: its order, separators and clock", () =>
  journey(
    async ({ page, open, site }) => {
      await open('/keystatic/collection/posts/item/writing-with-git');
      assert.equal(await dateShown(page, 'Published date'), '12/03/2024');
      // Typed in the French order, stored as the file keeps dates.
      await fillDate(page, 'Last updated', '2024-06-26T18:30');
      assert.equal(await dateShown(page, 'Last updated'), '26/06/2024 18:30');
      await page.keyboard.press('Control+s');
      await page.waitForFunction(() => document.querySelector('.screen-actions .badge') === null);
      assert.match(site.read('content/posts/writing-with-git.mdoc'), /\nupdatedAt: 2024-06-26T18:30:00\.000Z\n/);
    },
    { locale: 'fr-FR' },
  ));

test('a browser in Arabic opens the admin right to left', () =>
  journey(
    async ({ page, open }) => {
      await open('/keystatic');
      // Eight posts: the example's seven and one written for this journey (below).
      await page.getByRole('main').getByText(/8/).first().waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'ar-AE');
      // The sidebar sits at the right, the start of the line.
      const sidebar = await page.getByRole('navigation').boundingBox();
      const main = await page.getByRole('main').boundingBox();
      assert.ok(sidebar !== null && main !== null && sidebar.x > main.x, 'the sidebar is right of the main area');

      // The content keeps the direction of its own text: an English post's list reads left to right.
      await open('/keystatic/collection/posts/item/writing-with-git');
      const item = page.locator('.ProseMirror li').first();
      await item.waitFor();
      assert.equal(await item.evaluate((li) => getComputedStyle(li).direction), 'ltr');

      // The site's words keep their own direction in lists, titles and breadcrumbs: an English
      // title ending in '!' shows it at its end, not before its first word.
      const direction = (locator) => locator.evaluate((element) => getComputedStyle(element.querySelector('bdi') ?? element).direction);
      await open('/keystatic/collection/posts/item/my-first-quire-post');
      await page.locator('.ProseMirror').waitFor();
      assert.equal(await direction(page.locator('.breadcrumb-current h1')), 'ltr');
      await open('/keystatic/collection/posts');
      const link = page.getByRole('link', { name: 'My First Quire Post!' });
      assert.equal(await direction(link), 'ltr');
      assert.equal(await direction(page.locator('.sidebar-nav').getByRole('link', { name: 'Posts' })), 'ltr');
    },
    {
      locale: 'ar-AE',
      files: {
        'content/posts/my-first-quire-post.mdoc': '---\ntitle: My First Quire Post!\npublishedDate: 2024-05-01\n---\nHello.\n',
      },
    },
  ));
