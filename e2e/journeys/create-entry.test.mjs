// Creating entries: validation after blur and on submit, the slug following the name, the bytes written.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fillDate, journey, valueBecomes } from '../helpers/journey.mjs';

test('creating an author validates, writes Keystatic bytes and opens the new entry', () =>
  journey(async ({ page, open, site }) => {
    await open('/keystatic/collection/authors/create');
    await page.getByRole('navigation', { name: 'Breadcrumbs' }).getByText('Add').waitFor();
    await page.getByRole('textbox', { name: 'Name' }).fill('Grace Hopper');
    assert.equal(await page.getByRole('textbox', { name: 'Slug' }).inputValue(), 'grace-hopper');
    const website = page.getByRole('textbox', { name: 'Website' });
    await website.fill('not a url');
    await website.blur();
    await page.getByText('Website is not a valid URL').waitFor();
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Role must not be empty').waitFor();
    assert.equal(site.read('content/authors/grace-hopper.yaml'), null, 'an invalid form is not saved');
    await website.fill('https://example.com/grace');
    await page.getByRole('textbox', { name: 'Role' }).fill('Rear admiral');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL('**/keystatic/collection/authors/item/grace-hopper');
    await page.getByText('Entry created').waitFor();
    assert.equal(
      site.read('content/authors/grace-hopper.yaml'),
      'name: Grace Hopper\nrole: Rear admiral\nwebsite: https://example.com/grace\nfeatured: false\n',
    );
  }));

test('a post is written with frontmatter, quoting and dates as Keystatic writes them', () =>
  journey(async ({ page, open, site }) => {
    await open('/keystatic/collection/posts/create');
    await page.getByRole('textbox', { name: 'Title' }).fill('Dates: a test');
    await fillDate(page, 'Published date', '2024-07-01');
    await page.getByRole('textbox', { name: 'Summary' }).fill('yes');
    await page.getByRole('textbox', { name: 'Content' }).fill('Hello **world**\n');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL('**/keystatic/collection/posts/item/dates-a-test');
    assert.equal(
      site.read('content/posts/dates-a-test.mdoc'),
      "---\ntitle: 'Dates: a test'\npublishedDate: 2024-07-01\nsummary: 'yes'\ndraft: false\ncategory: news\ntags: []\nrelatedPosts: []\ngallery: []\ncta:\n  discriminant: false\n---\nHello **world**\n",
    );
  }));

test('slug rules: the configured pattern, uniqueness and generated suffixes', () =>
  journey(async ({ page, open }) => {
    await open('/keystatic/collection/posts/create');
    const title = page.getByRole('textbox', { name: 'Title' });
    const slug = page.getByRole('textbox', { name: 'Slug' });
    await title.fill('Writing with git');
    // A generated duplicate gets a suffix, once the server has said the slug is taken.
    await valueBecomes(slug, 'writing-with-git-1');
    await slug.fill('writing-with-git');
    await slug.blur();
    await page.getByText('Slug must be unique').waitFor();
    await slug.fill('Bad_Slug');
    await slug.blur();
    await page.getByText('Slug must only contain alphanumeric characters and -').waitFor();
    await slug.fill('abc');
    await slug.blur();
    await page.getByText('Slug must be at least 4 characters long').waitFor();
    await page.getByRole('button', { name: 'Regenerate' }).click();
    assert.equal(await slug.inputValue(), 'writing-with-git-1');
  }));

test('number, date and required messages show after blur and on submit', () =>
  journey(async ({ page, open }) => {
    await open('/keystatic/collection/posts/create');
    const minutes = page.getByRole('textbox', { name: 'Reading time (minutes)' });
    await minutes.fill('500');
    await minutes.blur();
    await page.getByText('Reading time (minutes) must be at most 120').waitFor();
    const rating = page.getByRole('textbox', { name: 'Rating' });
    await rating.fill('1.2');
    await rating.blur();
    await page.getByText('Rating must be a multiple of 0.5').waitFor();
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Published date is required').waitFor();
  }));

test("a new guide starts from the collection's template, and is written with the name typed", () =>
  journey(async ({ page, open, site }) => {
    await open('/keystatic/collection/guides/create');
    const body = page.getByRole('textbox', { name: 'Content' });
    await body.getByText('What the reader needs first.').waitFor();
    await page.getByRole('textbox', { name: 'Title' }).fill('Deploying');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL('**/keystatic/collection/guides/item/deploying');
    const template = site.read('content/templates/guide.mdx');
    assert.equal(site.read('content/guides/deploying.mdx'), template.replace("title: ''", 'title: Deploying'));
    assert.equal(site.read('content/templates/guide.mdx'), template, 'the template is left as it was');
  }));

test('a template that is not there is named, and the new entry starts from the defaults', () =>
  journey(
    async ({ page, open }) => {
      await open('/keystatic/collection/guides/create');
      await page.getByText('The template content/templates/guide was not found: the new entry starts from the defaults.').waitFor();
      await page.getByRole('textbox', { name: 'Title' }).fill('Empty');
      assert.equal(await page.getByText('What the reader needs first.').count(), 0);
    },
    { prepare: (site) => rmSync(join(site.root, 'content/templates/guide.mdx')) },
  ));
