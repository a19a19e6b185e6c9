// Drafts: unsaved values survive a reload (IndexedDB), say so for 8 seconds, warn when the entry
// changed since, and go away once saved or undone.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { draftKept } from '../helpers/drafts.mjs';
import { journey } from '../helpers/journey.mjs';

const POST = 'content/posts/writing-with-git.mdoc';
const ENTRY = '/keystatic/collection/posts/item/writing-with-git';

test('unsaved changes survive a reload, and the restored draft says so', () =>
  journey(async ({ page, open, site }) => {
    await open(ENTRY);
    const summary = page.getByRole('textbox', { name: 'Summary' });
    await summary.fill('Kept while I was away');
    await draftKept(page, 'Kept while I was away');
    await page.reload();
    await page.getByText(/^Restored draft from \d+ seconds? ago\.$/).waitFor();
    assert.equal(await summary.inputValue(), 'Kept while I was away');
    await page.getByText('Unsaved').first().waitFor();

    // Saved, the draft is gone: the next visit opens the file as it is.
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForFunction(() => !document.querySelector('main')?.textContent?.includes('Unsaved'));
    assert.match(site.read(POST), /summary: Kept while I was away/);
    await page.reload();
    await summary.waitFor();
    await page.waitForTimeout(500);
    assert.equal(await page.getByText(/^Restored draft/).count(), 0);
  }));

test('a restored draft warns when the entry changed since; Reset brings the file back and drops the draft', () =>
  journey(async ({ page, open, site }) => {
    await open(ENTRY);
    const summary = page.getByRole('textbox', { name: 'Summary' });
    await summary.fill('My draft');
    await draftKept(page, 'My draft');
    site.write(POST, site.read(POST).replace('A gentle introduction', 'Their gentle introduction'));
    await page.reload();
    await page
      .getByText(
        /^Restored draft from .+ ago\. Other changes have been made to this entry since the draft\. You may want to discard the draft changes\.$/,
      )
      .waitFor();
    assert.equal(await summary.inputValue(), 'My draft');
    await page.getByRole('button', { name: 'Reset changes' }).click();
    assert.equal(await summary.inputValue(), 'Their gentle introduction to branches for editors.');
    await page.waitForTimeout(300);
    await page.reload();
    await summary.waitFor();
    assert.equal(await summary.inputValue(), 'Their gentle introduction to branches for editors.');
  }));

test('an abandoned create form comes back on the next visit', () =>
  journey(async ({ page, open }) => {
    await open('/keystatic/collection/authors/create');
    await page.getByRole('textbox', { name: 'Name' }).fill('Grace Hopper');
    await draftKept(page, 'Grace Hopper');
    await open('/keystatic/collection/authors');
    await page.getByRole('link', { name: 'Add', exact: true }).click();
    await page.getByText(/^Restored draft from .+ ago\.$/).waitFor();
    assert.equal(await page.getByRole('textbox', { name: 'Name' }).inputValue(), 'Grace Hopper');
    assert.equal(await page.getByRole('textbox', { name: 'Slug' }).inputValue(), 'grace-hopper');
  }));
