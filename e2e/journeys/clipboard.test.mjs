// Copy entry, Paste entry and Duplicate entry….
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { journey } from '../helpers/journey.mjs';

const grantClipboard = (page, site) => page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });

/** Copying finishes after the click: waits until the clipboard holds an entry, and answers its HTML. */
const copiedEntry = (page) =>
  page.evaluate(async () => {
    for (let attempt = 0; attempt < 50; attempt++) {
      const [item] = await navigator.clipboard.read();
      if (item?.types.includes('text/html')) return (await item.getType('text/html')).text();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the clipboard never held the entry');
  });

/** The create screen has replaced the edit screen (whose fields would answer until then). */
const createFormShown = (page) => page.getByRole('navigation', { name: 'Breadcrumbs' }).getByText('Add', { exact: true }).waitFor();

test('an entry copied from one author pastes into another, and Undo brings the values back', () =>
  journey(async ({ page, open, site }) => {
    await grantClipboard(page, site);
    await open('/keystatic/collection/authors/item/mei-lin');
    const role = page.getByRole('textbox', { name: 'Role' });
    const copiedRole = await role.inputValue();
    await page.getByRole('button', { name: 'Copy entry' }).click();
    // Said, as Paste is.
    await page.getByRole('status').getByText('Entry copied').waitFor();
    const html = await copiedEntry(page);
    assert.match(html, /^<pre data-keystatic-entry="\{&quot;slug&quot;:&quot;mei-lin&quot;,&quot;files&quot;:/);
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), site.read('content/authors/mei-lin.yaml'));

    await open('/keystatic/collection/authors/item/tomas-reyes');
    const ownRole = await role.inputValue();
    await page.getByRole('button', { name: 'Paste entry' }).click();
    await page.getByText('Entry pasted').waitFor();
    assert.equal(await role.inputValue(), copiedRole);
    assert.equal(await page.getByRole('textbox', { name: 'Name' }).inputValue(), 'Mei Lin');
    assert.equal(await page.getByRole('textbox', { name: 'Slug' }).inputValue(), 'tomas-reyes', 'pasting never renames');
    await page.getByRole('button', { name: 'Undo' }).click();
    assert.equal(await role.inputValue(), ownRole);
    assert.equal(await page.getByRole('textbox', { name: 'Name' }).inputValue(), 'Tomas Reyes');
  }));

test('an entry pasted into a create form takes the first free slug after its own', () =>
  journey(async ({ page, open, site }) => {
    await grantClipboard(page, site);
    await open('/keystatic/collection/authors/item/mei-lin');
    await page.getByRole('button', { name: 'Copy entry' }).click();
    await copiedEntry(page);
    await open('/keystatic/collection/authors/create');
    await page.getByRole('button', { name: 'Paste entry' }).click();
    await page.getByText('Entry pasted').waitFor();
    assert.equal(await page.getByRole('textbox', { name: 'Slug' }).inputValue(), 'mei-lin-1');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL('**/keystatic/collection/authors/item/mei-lin-1');
    // The avatar came along in the clipboard's files, and moves with the slug.
    const original = site.read('content/authors/mei-lin.yaml');
    assert.equal(site.read('content/authors/mei-lin-1.yaml'), original.replace('/mei-lin/', '/mei-lin-1/'));
    assert.deepEqual(site.readBytes('public/images/authors/mei-lin-1/avatar.png'), site.readBytes('public/images/authors/mei-lin/avatar.png'));
  }));

test('pasting without an entry on the clipboard, or without access to it, says why', () =>
  journey(async ({ page, open, site }) => {
    await open('/keystatic/collection/authors/item/mei-lin');
    await page.getByRole('button', { name: 'Paste entry' }).click();
    await page.getByText('Failed to paste because clipboard access was denied').waitFor();
    await grantClipboard(page, site);
    await page.evaluate(() => navigator.clipboard.writeText('Just some words'));
    await page.getByRole('button', { name: 'Paste entry' }).click();
    await page.getByText('Entry not found in clipboard').waitFor();
  }));

test('Duplicate entry… opens a create form holding a copy under a free slug', () =>
  journey(async ({ page, open, site }) => {
    await open('/keystatic/collection/posts/item/writing-with-git');
    await page.getByRole('button', { name: 'Duplicate entry…' }).click();
    await page.waitForURL('**/keystatic/collection/posts/create?duplicate=writing-with-git');
    await createFormShown(page);
    assert.equal(await page.getByRole('textbox', { name: 'Slug' }).inputValue(), 'writing-with-git-1');
    assert.equal(await page.getByRole('textbox', { name: 'Summary' }).inputValue(), 'A gentle introduction to branches for editors.');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL('**/keystatic/collection/posts/item/writing-with-git-1');
    assert.equal(site.read('content/posts/writing-with-git-1.mdoc'), site.read('content/posts/writing-with-git.mdoc'));
  }));

test('duplicating with unsaved changes saves them first', () =>
  journey(async ({ page, open, site }) => {
    await open('/keystatic/collection/authors/item/mei-lin');
    await page.getByRole('textbox', { name: 'Role' }).fill('Copy desk');
    await page.getByRole('button', { name: 'Duplicate entry…' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('heading', { name: 'Save and duplicate entry' }).waitFor();
    await dialog.getByText('You have unsaved changes. Save this entry to duplicate it.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    assert.doesNotMatch(site.read('content/authors/mei-lin.yaml'), /Copy desk/);
    await page.getByRole('button', { name: 'Duplicate entry…' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Save and duplicate' }).click();
    await page.waitForURL('**/keystatic/collection/authors/create?duplicate=mei-lin');
    await createFormShown(page);
    assert.match(site.read('content/authors/mei-lin.yaml'), /role: Copy desk/);
    assert.equal(await page.getByRole('textbox', { name: 'Role' }).inputValue(), 'Copy desk');
    assert.equal(await page.getByRole('textbox', { name: 'Slug' }).inputValue(), 'mei-lin-1');
  }));
