// The dashboard, the sidebar, the theme menu, the not-found screen and the localhost redirect.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { journey } from '../helpers/journey.mjs';

test('the dashboard shows a card per collection and singleton with counts and add links', () =>
  journey(async ({ page, open }) => {
    await open('/keystatic');
    const main = page.getByRole('main');
    await main.getByText('7 entries').waitFor();
    await main.getByText('3 entries').waitFor();
    await main.getByText('1 entry', { exact: true }).waitFor();
    await main.getByRole('link', { name: 'Settings' }).waitFor();
    const adds = main.getByRole('link', { name: /^Add .* entry$/ });
    assert.deepEqual(await adds.evaluateAll((links) => links.map((link) => link.getAttribute('aria-label'))), [
      'Add Posts entry',
      'Add Guides entry',
      'Add Pages entry',
      'Add Authors entry',
    ]);
    await main.getByRole('link', { name: 'Add Posts entry' }).click();
    await page.waitForURL('**/keystatic/collection/posts/create');
  }));

test('the dashboard follows ui.navigation too: its groups, their labels and their order', () =>
  journey(async ({ page, open }) => {
    await open('/keystatic');
    const main = page.getByRole('main');
    await main.getByText('7 entries').waitFor();
    const headings = await main.getByRole('heading', { level: 2 }).allTextContents();
    const sidebar = await page.getByRole('navigation', { name: 'Main navigation' }).locator('.nav-group-label').allTextContents();
    assert.deepEqual(headings, sidebar);
    assert.deepEqual(headings, ['Content', 'Site']);
    const cards = await main.locator('.dashboard-card-title').allTextContents();
    const links = await page.getByRole('navigation', { name: 'Main navigation' }).locator('.nav-group .nav-link-label').allTextContents();
    assert.deepEqual(cards, links);
  }));

test('the sidebar follows ui.navigation with its groups, and links to every screen', () =>
  journey(async ({ page, open }) => {
    await open('/keystatic');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByText('Content', { exact: true }).waitFor();
    await nav.getByText('Site', { exact: true }).waitFor();
    await nav.getByRole('link', { name: 'Authors' }).click();
    await page.waitForURL('**/keystatic/collection/authors');
    await page.getByRole('heading', { name: 'Authors' }).waitFor();
    await nav.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL('**/keystatic/singleton/settings');
  }));

test('the theme menu stores the choice under keystatic-color-scheme', () =>
  journey(async ({ page, open }) => {
    await open('/keystatic');
    await page.getByRole('button', { name: 'Theme' }).click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    assert.equal(await page.evaluate(() => localStorage.getItem('keystatic-color-scheme')), 'dark');
    await page.reload();
    await page.getByText('7 entries').waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('keystatic-color-scheme')), 'dark');
  }));

test('the theme menu opens from the keyboard at once, and Escape gives focus back to its button', () =>
  journey(async ({ page, open }) => {
    await open('/keystatic');
    const theme = page.getByRole('button', { name: 'Theme' });
    // The first press, before the menu's code has come or been used, opens it all the same.
    await theme.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menu', { name: 'Theme' }).waitFor();
    await page.waitForFunction(() => document.activeElement?.closest('[role=menu]') !== null);
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Theme');
    await page.keyboard.press('ArrowDown');
    await page.getByRole('menuitemradio', { name: 'Light' }).waitFor();
  }));

test('unknown routes and collections show the not-found screen', () =>
  journey(async ({ page, open }) => {
    for (const path of ['/keystatic/nowhere', '/keystatic/collection/nope', '/keystatic/singleton/nope']) {
      await open(path);
      await page.getByRole('heading', { name: 'Not found' }).first().waitFor();
      await page.getByText('This page could not be found.').waitFor();
    }
  }));

test('localhost is redirected to 127.0.0.1', () =>
  journey(async ({ page, site }) => {
    const port = new URL(site.url).port;
    await page.goto(`http://localhost:${port}/keystatic/collection/posts`);
    await page.waitForURL(`http://127.0.0.1:${port}/keystatic/collection/posts`);
  }));

test('on a small screen the sidebar slides in and closes on navigation', () =>
  journey(
    async ({ page, open }) => {
      await open('/keystatic');
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      assert.equal(await nav.isVisible(), false);
      await page.getByRole('button', { name: 'Open navigation' }).click();
      await nav.getByRole('link', { name: 'Posts' }).click();
      await page.waitForURL('**/keystatic/collection/posts');
      await page.waitForFunction(() => {
        const el = document.querySelector('nav[aria-label="Main navigation"]');
        return !el || el.getBoundingClientRect().right <= 0 || getComputedStyle(el).visibility === 'hidden';
      });
    },
    { viewport: { width: 390, height: 800 } },
  ));

test('each screen titles the window: the screen, then the site', () =>
  journey(async ({ page, open }) => {
    await open('/keystatic');
    await page.waitForFunction(() => document.title === 'Dashboard – Quire Blog');
    await open('/keystatic/collection/posts');
    await page.waitForFunction(() => document.title === 'Posts – Quire Blog');
    await open('/keystatic/collection/posts/item/writing-with-git');
    await page.waitForFunction(() => document.title === 'writing-with-git – Posts – Quire Blog');
    await open('/keystatic/collection/posts/create');
    await page.waitForFunction(() => document.title === 'Add – Posts – Quire Blog');
    await open('/keystatic/singleton/settings');
    await page.waitForFunction(() => document.title === 'Settings – Quire Blog');
  }));

test('on a phone the navigation is a modal drawer: focus moves in and stays, Escape closes it and gives focus back', () =>
  journey(
    async ({ page, open }) => {
      await open('/keystatic/collection/posts');
      await page.getByText('Writing with git').first().waitFor();
      const menu = page.locator('.sidebar-toggle');
      await menu.click();
      assert.equal(await menu.getAttribute('aria-expanded'), 'true');
      const inDrawer = () => page.evaluate(() => document.getElementById('sidebar')?.contains(document.activeElement) ?? false);
      await page.waitForFunction(() => document.getElementById('sidebar')?.contains(document.activeElement));
      // Tab and Shift+Tab go round the drawer and never reach the screen behind it.
      for (let i = 0; i < 14; i++) {
        await page.keyboard.press('Tab');
        assert.ok(await inDrawer(), `Tab ${i + 1} stays in the drawer`);
      }
      for (let i = 0; i < 3; i++) {
        await page.keyboard.press('Shift+Tab');
        assert.ok(await inDrawer(), `Shift+Tab ${i + 1} stays in the drawer`);
      }
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => document.activeElement?.classList.contains('sidebar-toggle'));
      assert.equal(await menu.getAttribute('aria-expanded'), 'false');
      // A link in the drawer closes it by going where it leads.
      await menu.click();
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Authors' }).click();
      await page.waitForURL('**/keystatic/collection/authors');
      await page.getByRole('heading', { name: 'Authors' }).waitFor();
      assert.equal(await menu.getAttribute('aria-expanded'), 'false');
    },
    { viewport: { width: 390, height: 800 } },
  ));

test('"?" opens the keyboard shortcut list, with the platform\'s names for the keys; typed into a field it is text', () =>
  journey(async ({ page, open }) => {
    await open('/keystatic/collection/posts/item/writing-with-git');
    const summary = page.getByRole('textbox', { name: 'Summary' });
    await summary.click();
    await page.keyboard.type('?');
    assert.equal(await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).count(), 0);
    assert.match(await summary.inputValue(), /\?$/);

    await page.getByRole('heading', { name: 'writing-with-git' }).click();
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.waitFor();
    const modifier = process.platform === 'darwin' ? '⌘' : 'Ctrl+';
    const keysOf = (label) => dialog.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
    assert.equal(await keysOf('Bold').textContent(), `${modifier}B`);
    assert.equal(await keysOf('Save').textContent(), `${modifier}S`);
    assert.equal(await keysOf('Blockquote').textContent(), '> ');
    await dialog.getByRole('button', { name: 'Close' }).click();
    assert.equal(await dialog.count(), 0);
  }));
