// Fields that pick from lists: relationship, multiRelationship and pathReference comboboxes served
// from the site's tree, select and multiselect options; the picks written as Keystatic writes them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fillDate, journey, saved } from '../helpers/journey.mjs';

const POST = 'content/posts/writing-with-git.mdoc';

/** Types `text` into a combobox, as a user does: click into it first, then type. */
async function search(combobox, text) {
  await combobox.click();
  await combobox.fill(text);
}

/** The options the open listbox offers. */
async function options(page) {
  const listbox = page.getByRole('listbox');
  await listbox.waitFor();
  return listbox.getByRole('option').allInnerTexts();
}

/** Waits for the open listbox to offer `expected` (the server answers a search a moment after typing). */
async function offers(page, expected) {
  let offered = [];
  for (let tries = 0; tries < 50; tries++) {
    offered = await options(page);
    if (JSON.stringify(offered) === JSON.stringify(expected)) return;
    await page.waitForTimeout(100);
  }
  assert.deepEqual(offered, expected);
}

test('a post picks its author, related posts, tags and category; its rating and update time are written too', () =>
  journey(async ({ page, open, site }) => {
    const before = site.read(POST);
    const asked = [];
    page.on('request', (request) => asked.push(new URL(request.url())));
    await open('/keystatic/collection/posts/item/writing-with-git');

    // The author picker searches the authors collection by slug.
    const author = page.getByRole('combobox', { name: 'Author' });
    assert.equal(await author.inputValue(), 'tomas-reyes');
    // Lists that grow with the site load when a picker opens, not with the entry.
    const choiceLists = () => asked.filter((url) => url.pathname.endsWith('/collections/authors/slugs') || url.pathname.endsWith('/v1/tree'));
    assert.deepEqual(choiceLists(), []);
    await search(author, 'zz');
    await page.getByRole('listbox').getByText('No matches').waitFor();
    // The server searches, and answers no more than the picker shows.
    assert.ok(choiceLists().length > 0);
    assert.ok(choiceLists().every((url) => url.pathname.endsWith('/slugs') && url.searchParams.get('limit') === '50'));
    await search(author, 'a');
    await offers(page, ['ada-palmer', 'tomas-reyes']);
    await search(author, 'MEI');
    await offers(page, ['mei-lin']);
    assert.ok(choiceLists().some((url) => url.searchParams.get('search') === 'MEI'));
    await page.getByRole('option', { name: 'mei-lin' }).click();
    assert.equal(await author.inputValue(), 'mei-lin');

    // Related posts: chosen entries leave the list of choices and show as removable chips.
    const related = page.getByRole('combobox', { name: 'Related posts' });
    await search(related, 'plain');
    await page.getByRole('option', { name: 'plain-files-age-well' }).click();
    assert.equal(await related.inputValue(), '', 'the picker empties for the next choice');
    await search(related, 's');
    await page.getByRole('option', { name: 'release-notes-spring' }).waitFor();
    const offered = await options(page);
    assert.ok(offered.includes('release-notes-spring'));
    assert.ok(!offered.includes('the-case-for-schemas') && !offered.includes('plain-files-age-well'), 'chosen ones are not offered');
    await page.getByRole('option', { name: 'release-notes-spring' }).click();
    await related.press('Escape');
    const chips = page.getByRole('grid', { name: 'Related posts: chosen' });
    assert.deepEqual(await chips.getByRole('row').allInnerTexts(), ['the-case-for-schemas', 'plain-files-age-well', 'release-notes-spring']);
    await chips.getByRole('button', { name: 'Remove the-case-for-schemas', exact: true }).click();
    assert.deepEqual(await chips.getByRole('row').allInnerTexts(), ['plain-files-age-well', 'release-notes-spring']);

    // Tags are written in the order they were checked.
    const tags = page.getByRole('group', { name: 'Tags' });
    await tags.getByRole('checkbox', { name: 'Writing' }).uncheck();
    await tags.getByRole('checkbox', { name: 'Releases' }).check();
    await tags.getByRole('checkbox', { name: 'Schemas' }).check();
    assert.equal(await tags.getByRole('checkbox', { name: 'Git' }).isChecked(), true);

    await page.getByRole('button', { name: /Category/ }).click();
    await page.getByRole('option', { name: 'Opinion' }).click();
    await page.getByRole('button', { name: 'Opinion Category' }).waitFor();
    // A number with a step, and a datetime stored as a UTC timestamp.
    await page.getByRole('textbox', { name: 'Rating' }).fill('4.5');
    await fillDate(page, 'Last updated', '2024-06-26T18:30');

    await page.getByRole('button', { name: 'Save' }).click();
    await saved(page);
    assert.equal(
      site.read(POST),
      before
        .replace('category: guide', 'category: opinion')
        .replace('readingTime: 8\n', 'readingTime: 8\nrating: 4.5\nupdatedAt: 2024-06-26T18:30:00.000Z\n')
        .replace('author: tomas-reyes', 'author: mei-lin')
        .replace('tags:\n  - git\n  - writing\n', 'tags:\n  - git\n  - releases\n  - schemas\n')
        .replace('relatedPosts:\n  - the-case-for-schemas\n', 'relatedPosts:\n  - plain-files-age-well\n  - release-notes-spring\n'),
    );

    // Clearing the author and every tag: the relationship is left out, the multiselect kept as [].
    await search(author, '');
    await author.blur();
    for (const name of ['Git', 'Releases', 'Schemas']) await tags.getByRole('checkbox', { name }).uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await saved(page);
    assert.equal(
      site.read(POST),
      before
        .replace('category: guide', 'category: opinion')
        .replace('readingTime: 8\n', 'readingTime: 8\nrating: 4.5\nupdatedAt: 2024-06-26T18:30:00.000Z\n')
        .replace('author: tomas-reyes\n', '')
        .replace('tags:\n  - git\n  - writing\n', 'tags: []\n')
        .replace('relatedPosts:\n  - the-case-for-schemas\n', 'relatedPosts:\n  - plain-files-age-well\n  - release-notes-spring\n'),
    );
  }));

test('a picker over hundreds of entries shows the first of them and finds any by asking the server', () =>
  journey(
    async ({ page, open }) => {
      const asked = [];
      page.on('request', (request) => request.url().includes('/collections/authors/slugs') && asked.push(new URL(request.url())));
      await open('/keystatic/collection/posts/item/writing-with-git');
      const author = page.getByRole('combobox', { name: 'Author' });
      await search(author, 'guest');
      // The first answer (before typing) holds ada-palmer and guest-000 to guest-048; the search's, 50 guests.
      await page.getByRole('option', { name: 'guest-049' }).waitFor();
      // As many as the picker shows, never all 300.
      assert.equal((await options(page)).length, 50);
      await search(author, 'guest-29');
      await offers(page, ['guest-290', 'guest-291', 'guest-292', 'guest-293', 'guest-294', 'guest-295', 'guest-296', 'guest-297', 'guest-298', 'guest-299']);
      assert.ok(asked.every((url) => url.searchParams.get('limit') === '50'));
    },
    {
      files: Object.fromEntries(
        Array.from({ length: 300 }, (_, i) => [`content/authors/guest-${String(i).padStart(3, '0')}.yaml`, `name: Guest ${i}\n`]),
      ),
    },
  ));

test('a path reference offers the files matching its glob', () =>
  journey(async ({ page, open, site }) => {
    const before = site.read('content/settings.yaml');
    await open('/keystatic/singleton/settings');
    const logo = page.getByRole('combobox', { name: 'Logo' });
    assert.equal(await logo.inputValue(), 'public/images/logo.png');
    await search(logo, 'images/');
    assert.deepEqual((await options(page)).sort(), [
      'public/images/authors/ada-palmer/avatar.png',
      'public/images/authors/mei-lin/avatar.png',
      'public/images/logo.png',
      'public/images/pages/home/sections/1/value/image.png',
      'public/images/posts/images-and-assets/gallery/0/image.png',
      'public/images/posts/images-and-assets/gallery/1/image.png',
    ]);
    await search(logo, 'mei');
    await page.getByRole('option', { name: 'public/images/authors/mei-lin/avatar.png' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await saved(page);
    assert.equal(
      site.read('content/settings.yaml'),
      before.replace('logo: public/images/logo.png', 'logo: public/images/authors/mei-lin/avatar.png'),
    );
  }));

test('a picker whose choices are slow to come shows a spinner in its input until they do', () =>
  journey(async ({ page, open }) => {
    let release;
    const held = new Promise((resolve) => (release = resolve));
    await page.route('**/collections/authors/slugs**', async (route) => {
      await held;
      await route.continue();
    });
    await open('/keystatic/collection/posts/item/writing-with-git');
    const author = page.getByRole('combobox', { name: 'Author' });
    await search(author, 'me');
    // The open list hides the rest of the page from screen readers (which hear the list's 'Loading…').
    const spinner = author.locator('xpath=..').getByRole('progressbar', { name: 'Loading…', includeHidden: true });
    await spinner.waitFor();
    release();
    await page.getByRole('option', { name: 'mei-lin' }).waitFor();
    // The list and the end of loading come in renders of their own: the spinner goes once both did.
    await spinner.waitFor({ state: 'detached' });
  }));
