// Fields that pick from lists: relationship, multiRelationship and pathReference comboboxes served
// from the site's tree, select and multiselect options; the picks written as Keystatic writes them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { journey, saved } from '../helpers/journey.mjs';

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

test('a post picks its author, related posts, tags and category; its rating and update time are written too', () =>
  journey(async ({ page, open, site }) => {
    const before = site.read(POST);
    const asked = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await open('/keystatic/collection/posts/item/writing-with-git');

    // The author picker searches the authors collection by slug.
    const author = page.getByRole('combobox', { name: 'Author' });
    assert.equal(await author.inputValue(), 'tomas-reyes');
    // Lists that grow with the site load when a picker opens, not with the entry.
    const choiceLists = () => asked.filter((path) => path.endsWith('/collections/authors/slugs') || path.endsWith('/v1/tree'));
    assert.deepEqual(choiceLists(), []);
    await search(author, 'zz');
    await page.getByRole('listbox').getByText('No matches').waitFor();
    assert.deepEqual(choiceLists(), ['/api/keystatic/v1/collections/authors/slugs']);
    await search(author, 'a');
    assert.deepEqual(await options(page), ['ada-palmer', 'tomas-reyes']);
    await search(author, 'MEI');
    assert.deepEqual(await options(page), ['mei-lin']);
    await page.getByRole('option', { name: 'mei-lin' }).click();
    assert.equal(await author.inputValue(), 'mei-lin');

    // Related posts: chosen entries leave the list of choices and show as removable chips.
    const related = page.getByRole('combobox', { name: 'Related posts' });
    await search(related, 'plain');
    await page.getByRole('option', { name: 'plain-files-age-well' }).click();
    assert.equal(await related.inputValue(), '', 'the picker empties for the next choice');
    await search(related, 's');
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
    await page.getByRole('textbox', { name: 'Last updated' }).fill('2024-06-26T18:30');

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
