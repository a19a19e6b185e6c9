// Conditionals and objects: switching a discriminant shows the matching fields and writes
// `{discriminant, value}`; object fields sit on their layout's columns; stored values of the wrong
// shape open with their messages and are never saved over, and the server refuses to write them.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { journey, saved } from '../helpers/journey.mjs';

const POST = 'content/posts/writing-with-git.mdoc';

test('switching the call to action on shows its fields, which are validated and written with the discriminant', () =>
  journey(async ({ page, open, site }) => {
    const before = site.read(POST);
    await open('/keystatic/collection/posts/item/writing-with-git');
    const cta = page.getByRole('group', { name: 'Call to action' });
    const text = cta.getByRole('textbox', { name: 'Text' });
    const link = cta.getByRole('textbox', { name: 'Link' });
    const toggle = cta.getByRole('checkbox', { name: 'Show a call to action' });
    assert.equal(await text.count(), 0);
    await toggle.check();

    // (The entry's side column is too narrow for the value's layout [8, 4]: its fields stack there.)
    await page.getByRole('button', { name: 'Save' }).click();
    await cta.getByText('Text must not be empty').waitFor();
    await cta.getByText('Link is required').waitFor();
    assert.equal(site.read(POST), before);

    await text.fill('Try branches today');
    await link.fill('https://example.com/branches');
    await page.getByRole('button', { name: 'Save' }).click();
    await saved(page);
    const off = 'cta:\n  discriminant: false\n';
    const on = 'cta:\n  discriminant: true\n  value:\n    text: Try branches today\n    href: https://example.com/branches\n';
    assert.equal(site.read(POST), before.replace(off, on));

    // Off again, the value is not written; on again, it starts from the defaults.
    await toggle.uncheck();
    assert.equal(await text.count(), 0);
    await page.getByRole('button', { name: 'Save' }).click();
    await saved(page);
    assert.equal(site.read(POST), before);
    await toggle.check();
    assert.equal(await text.inputValue(), '');
    assert.equal(await link.inputValue(), '');
  }));

test('an object edits its fields on its layout and validates them after blur', () =>
  journey(async ({ page, open, site }) => {
    const before = site.read('content/pages/home.yaml');
    await open('/keystatic/collection/pages/item/home');
    const nav = page.getByRole('group', { name: 'Navigation' });
    await nav.getByText("How the page appears in the site's menu.").waitFor();
    const label = nav.getByRole('textbox', { name: 'Menu label' });
    const position = nav.getByRole('textbox', { name: 'Position' });
    const [labelBox, positionBox] = [await label.boundingBox(), await position.boundingBox()];
    assert.ok(labelBox && positionBox);
    assert.ok(Math.abs(labelBox.y - positionBox.y) < 1 && Math.abs(labelBox.width - positionBox.width) < 1, 'layout [6, 6]');

    await position.fill('0');
    await position.blur();
    await nav.getByText('Position must be at least 1').waitFor();
    await position.fill('1.5');
    await position.blur();
    await nav.getByText('Position must be a whole number').waitFor();
    await position.fill('3');
    await label.fill('Start');
    await page.getByRole('button', { name: 'Save' }).click();
    await saved(page);
    assert.equal(site.read('content/pages/home.yaml'), before.replace('nav:\n  label: Home\n  order: 1\n', 'nav:\n  label: Start\n  order: 3\n'));
  }));

const BAD_POST = [
  '---',
  'title: Many problems',
  'publishedDate: 5',
  "draft: 'no'",
  'category: sport',
  'tags:',
  '  - git',
  '  - gardening',
  'relatedPosts: writing-with-git',
  'gallery:',
  '  - just a caption',
  'cta:',
  '  discriminant: true',
  '  value:',
  '    text: Hello',
  '    href: https://example.com',
  '  label: extra',
  '---',
  'Body',
  '',
].join('\n');

const SETTINGS = readFileSync(new URL('../../examples/blog/content/settings.yaml', import.meta.url), 'utf8');

const BAD_FILES = {
  'content/settings.yaml': SETTINGS.replace('    width: 1200', '    width: wide'),
  'content/authors/numbered.yaml': 'name: Numbered\nrole: 42\n',
  'content/authors/nicknamed.yaml': 'name: Nicknamed\nrole: Writer\nnickname: Nick\n',
  'content/posts/many-problems.mdoc': BAD_POST,
  'content/posts/bad-switch.mdoc':
    "---\ntitle: Bad switch\npublishedDate: 2024-05-01\ndraft: false\ncategory: news\ntags: []\nrelatedPosts: []\ngallery: []\ncta:\n  discriminant: 'yes'\n---\nBody\n",
  // Without its discriminant the call to action's text belongs to no known branch: reading it as
  // switched off would drop the text on the next save.
  'content/posts/no-switch.mdoc':
    '---\ntitle: No switch\npublishedDate: 2024-05-01\ndraft: false\ncategory: news\ntags: []\nrelatedPosts: []\ngallery: []\ncta:\n  value:\n    text: Subscribe\n    href: https://example.com/subscribe\n---\nBody\n',
};

test('values of the wrong shape open with their messages, and nothing is saved over them', () =>
  journey(
    async ({ page, open, site }) => {
      const cases = [
        ['authors', 'nicknamed', ['content/authors/nicknamed.yaml: Key on object value "nickname" is not allowed']],
        [
          'posts',
          'many-problems',
          // The date, the switch, the category and the tags are scalars their fields cannot hold:
          // they would show in the form, but these shapes keep it from opening.
          [
            'content/posts/many-problems.mdoc: relatedPosts: Must be an array',
            'content/posts/many-problems.mdoc: gallery.0: Must be an object',
            'content/posts/many-problems.mdoc: cta: Key on object value "label" is not allowed',
          ],
        ],
        ['posts', 'bad-switch', ['content/posts/bad-switch.mdoc: cta.discriminant: Must be a boolean']],
        ['posts', 'no-switch', ['content/posts/no-switch.mdoc: cta.discriminant: Show a call to action is required']],
        [null, 'settings', ['content/settings.yaml: seo.shareImage.width: Must be a number']],
      ];
      for (const [collection, slug, problems] of cases) {
        await open(collection === null ? `/keystatic/singleton/${slug}` : `/keystatic/collection/${collection}/item/${slug}`);
        const notice = page.getByRole('alert');
        await notice.getByText('This entry cannot be opened').waitFor();
        await notice.getByText('Fix the file below by hand; saving is disabled so that nothing is lost.').waitFor();
        assert.deepEqual(await notice.getByRole('listitem').allInnerTexts(), problems);
        assert.equal(await page.getByRole('button', { name: 'Save' }).count(), 0);
        assert.equal(await page.getByRole('textbox').count(), 0, 'no blank form either');
      }
      // A number where text belongs opens in the form: the field shows its message and the stored text.
      await open('/keystatic/collection/authors/item/numbered');
      await page.getByText('Must be a string', { exact: true }).waitFor();
      await page.getByText('The file holds: 42', { exact: true }).waitFor();
      assert.equal(await page.getByRole('textbox', { name: 'Role' }).inputValue(), '');
      await page.getByRole('textbox', { name: 'Name' }).fill('Renumbered');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForFunction(() => document.activeElement?.getAttribute('aria-invalid') === 'true');

      for (const [path, text] of Object.entries(BAD_FILES)) assert.equal(site.read(path), text, `${path} is untouched`);

      // The list names the problem of each such entry.
      await open('/keystatic/collection/authors');
      await page.getByRole('row', { name: 'This entry has a problem: role: Must be a string Numbered' }).waitFor();
      await page.getByRole('row', { name: /^This entry has a problem: nickname: Key on object value "nickname" is not allowed/ }).waitFor();

      // The server refuses to store a wrong shape or a list too long, naming the file and the field.
      const commit = (path, contents) =>
        page.evaluate(
          async ([path, contents]) => {
            const response = await fetch('/api/keystatic/v1/commit', {
              method: 'POST',
              headers: { 'no-cors': '1', 'content-type': 'application/json' },
              body: JSON.stringify({ additions: [{ path, contents: btoa(contents) }], deletions: [], expected: { [path]: null } }),
            });
            return { status: response.status, body: await response.json() };
          },
          [path, contents],
        );
      let answer = await commit('content/authors/sneaky.yaml', 'name: Sneaky\nrole: 42\n');
      assert.equal(answer.status, 422);
      assert.deepEqual(answer.body.details.problems, ['content/authors/sneaky.yaml: role: Must be a string']);
      assert.equal(site.read('content/authors/sneaky.yaml'), null);
      const related = ['writing-with-git', 'images-and-assets', 'plain-files-age-well', 'the-case-for-schemas'];
      answer = await commit(
        'content/posts/sneaky.mdoc',
        BAD_FILES['content/posts/bad-switch.mdoc']
          .replace("discriminant: 'yes'", 'discriminant: false')
          .replace('relatedPosts: []', `relatedPosts:\n${related.map((slug) => `  - ${slug}\n`).join('')}`.trimEnd()),
      );
      assert.equal(answer.status, 422);
      assert.deepEqual(answer.body.details.problems, ['content/posts/sneaky.mdoc: relatedPosts: Must have at most 3 item(s).']);
      assert.equal(site.read('content/posts/sneaky.mdoc'), null);
      answer = await commit('content/posts/sneaky.mdoc', BAD_FILES['content/posts/no-switch.mdoc']);
      assert.equal(answer.status, 422);
      assert.deepEqual(answer.body.details.problems, ['content/posts/sneaky.mdoc: cta.discriminant: Show a call to action is required']);
      assert.equal(site.read('content/posts/sneaky.mdoc'), null);
    },
    { files: BAD_FILES },
  ));
