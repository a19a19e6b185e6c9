// Editing, renaming and deleting entries; the states of the edit screen.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fillDate, journey, MOD, saved, valueBecomes } from '../helpers/journey.mjs';

const POST = 'content/posts/writing-with-git.mdoc';

test('editing shows Unsaved, Reset changes restores, and mod+s saves the bytes', () =>
  journey(async ({ page, open, site }) => {
    const before = site.read(POST);
    await open('/keystatic/collection/posts/item/writing-with-git');
    const reset = page.getByRole('button', { name: 'Reset changes' });
    assert.equal(await reset.isDisabled(), true);
    const summary = page.getByRole('textbox', { name: 'Summary' });
    await summary.fill('Changed summary');
    await page.getByText('Unsaved').first().waitFor();
    await reset.click();
    assert.equal(await summary.inputValue(), 'A gentle introduction to branches for editors.');
    await summary.fill('Branches, gently: an introduction');
    await page.keyboard.press(`${MOD}+s`);
    await page.waitForFunction(() => !document.body.textContent?.includes('Unsaved'));
    // Said politely, where a screen reader hears it.
    await page.getByRole('status').getByText('Entry saved').waitFor();
    assert.equal(
      site.read(POST),
      before.replace(
        'summary: A gentle introduction to branches for editors.',
        "summary: 'Branches, gently: an introduction'",
      ),
    );
  }));

test('changing the slug renames the file and replaces the URL', () =>
  journey(async ({ page, open, site }) => {
    const before = site.read(POST);
    await open('/keystatic/collection/posts/item/writing-with-git');
    await page.getByRole('textbox', { name: 'Slug' }).fill('git-for-writers');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/keystatic/collection/posts/item/git-for-writers');
    assert.equal(site.read(POST), null);
    assert.equal(site.read('content/posts/git-for-writers.mdoc'), before);
    await page.goBack();
    assert.ok(!page.url().endsWith('/item/writing-with-git'), 'the old URL was replaced, not pushed');
  }));

test('deleting asks first and returns to the list', () =>
  journey(async ({ page, open, site }) => {
    await open('/keystatic/collection/posts/item/writing-with-git');
    await page.getByRole('button', { name: 'Delete entry…' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('heading', { name: 'Delete entry' }).waitFor();
    await dialog.getByText('Are you sure? This action cannot be undone.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    assert.ok(site.read(POST));
    await page.getByRole('button', { name: 'Delete entry…' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, delete' }).click();
    await page.waitForURL('**/keystatic/collection/posts');
    await page.getByRole('status').getByText('Entry deleted').waitFor();
    assert.equal(site.read(POST), null);
    await page.getByText('Plain files age well').waitFor();
    assert.equal(await page.getByText('Writing with git').count(), 0);
  }));

test('a missing entry says so; a broken one shows its error and cannot be saved over', () =>
  journey(
    async ({ page, open }) => {
      await open('/keystatic/collection/posts/item/no-such-post');
      await page.getByText('Entry not found.').waitFor();
      await page.getByText('Could not find data file at content/posts/no-such-post.mdoc').waitFor();
      await open('/keystatic/collection/authors/item/broken');
      await page.getByText('This entry cannot be opened').waitFor();
      await page.getByText(/content\/authors\/broken\.yaml:\d+:\d+: /).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Save' }).count(), 0);
    },
    { prepare: (site) => site.write('content/authors/broken.yaml', 'name: Broken\nrole: [unclosed\n') },
  ));

test('a post without frontmatter opens as its content, says so, and gets frontmatter on save', () =>
  journey(
    async ({ page, open, site }) => {
      await open('/keystatic/collection/posts/item/bare');
      await page.getByText('Frontmatter not found').waitFor();
      await page.getByText('content/posts/bare.mdoc does not start with a frontmatter block (---)').waitFor();
      await page.getByText('Only words, no fields.').waitFor();
      await page.getByRole('textbox', { name: 'Title' }).fill('bare');
      await fillDate(page, 'Published date', '2024-07-01');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('status').getByText('Entry saved').waitFor();
      assert.equal(site.read('content/posts/bare.mdoc'), [
          '---',
          'title: bare',
          'publishedDate: 2024-07-01',
          'draft: false',
          'category: news',
          'tags: []',
          'relatedPosts: []',
          'gallery: []',
          'cta:',
          '  discriminant: false',
          '---',
          'Only words, no fields.',
          '',
        ].join('\n'));
      assert.equal(await page.getByText('Frontmatter not found').count(), 0);
    },
    { prepare: (site) => site.write('content/posts/bare.mdoc', 'Only words, no fields.\n') },
  ));

test('a file changed on disk since it was opened is not overwritten', () =>
  journey(async ({ page, open, site }) => {
    await open('/keystatic/collection/posts/item/writing-with-git');
    const summary = page.getByRole('textbox', { name: 'Summary' });
    await summary.fill('Mine');
    const theirs = site.read(POST).replace('A gentle', 'Their gentle');
    site.write(POST, theirs);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(/these files changed since this entry was opened/).waitFor();
    assert.equal(site.read(POST), theirs);
  }));

test('after a refused save, Reload takes the current version and keeps the edits made here', () =>
  journey(async ({ page, open, site }) => {
    await open('/keystatic/collection/posts/item/writing-with-git');
    const summary = page.getByRole('textbox', { name: 'Summary' });
    await summary.fill('Mine');
    const theirs = site.read(POST).replace(/readingTime: \d+/, 'readingTime: 42');
    site.write(POST, theirs);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const notice = page.getByRole('alert').filter({ hasText: 'these files changed since this entry was opened' });
    // The notice scrolls with nothing of its own, and the page itself does not scroll beside the form's panes.
    assert.equal(await notice.evaluate((element) => element.scrollHeight > element.clientHeight), false);
    assert.equal(await page.evaluate(() => document.documentElement.scrollHeight > document.documentElement.clientHeight), false);

    await notice.getByRole('button', { name: 'Reload' }).click();
    await page.getByRole('status').getByText('Reloaded the current version, with your changes on it.').waitFor();
    assert.equal(await notice.count(), 0);
    assert.equal(await summary.inputValue(), 'Mine');
    await valueBecomes(page.getByRole('textbox', { name: 'Reading time (minutes)' }), '42');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await saved(page);
    assert.match(site.read(POST), /summary: Mine\n/);
    assert.match(site.read(POST), /readingTime: 42\n/, 'their change is kept too');
  }));

test('Reload names a field changed both here and in the file, which keeps the value typed here', () =>
  journey(async ({ page, open, site }) => {
    await open('/keystatic/collection/posts/item/writing-with-git');
    const summary = page.getByRole('textbox', { name: 'Summary' });
    await summary.fill('Mine');
    site.write(POST, site.read(POST).replace(/summary: .*/, 'summary: Theirs'));
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('button', { name: 'Reload' }).click();
    await page
      .getByRole('status')
      .getByText('Reloaded the current version, with your changes on it. Also changed by someone else, now holding your value: Summary.')
      .waitFor();
    assert.equal(await summary.inputValue(), 'Mine');
  }));

test('the preview link substitutes the slug', () =>
  journey(async ({ page, open }) => {
    await open('/keystatic/collection/posts/item/writing-with-git');
    const preview = page.getByRole('link', { name: 'Preview' });
    assert.equal(await preview.getAttribute('href'), 'http://127.0.0.1:4321/blog/writing-with-git');
    assert.equal(await preview.getAttribute('target'), '_blank');
  }));
