// Keystatic's own documentation content: every collection lists, and entries whose field kinds
// the admin cannot edit yet open with a notice naming the kind.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { journey } from '../helpers/journey.mjs';

const SITE = { site: 'fixtures/sites/keystatic-docs' };
const EXPECTED = join(dirname(fileURLToPath(import.meta.url)), '../../fixtures/keystatic-docs-expected/expected');

test('every collection of the docs site lists all its entries', () =>
  journey(async ({ page, open }) => {
    await open('/keystatic');
    for (const [label, count] of [['Documentation', 49], ['Blog', 1], ['Authors', 3], ['Showcase', 17], ['Resources', 11]]) {
      await page.getByRole('main').getByText(label, { exact: true }).waitFor();
      await page.getByRole('main').getByText(`${count} ${count === 1 ? 'entry' : 'entries'}`).first().waitFor();
    }
    await open('/keystatic/collection/resources');
    await page.getByText('meet-keystatic-by-jed-watson').waitFor();
    assert.equal(await page.getByRole('table').getByRole('row').count(), 12);
  }, SITE));

test('a nested page opens, with its Markdoc body as text', () =>
  journey(async ({ page, open }) => {
    await open('/keystatic/collection/pages/item/fields/text');
    const title = page.getByRole('textbox', { name: 'Title' });
    await title.waitFor();
    assert.equal(await page.getByRole('textbox', { name: 'Slug' }).inputValue(), 'fields/text');
    await page.getByRole('textbox', { name: 'Content' }).getByText('fields.text', { exact: false }).first().waitFor();
  }, SITE));

test('entries with lists, conditionals, references and cloud images open as forms', () =>
  journey(async ({ page, open }) => {
    const screens = [
      ['/keystatic/collection/resources/item/meet-keystatic-by-jed-watson', 'Video ID'],
      ['/keystatic/singleton/navigation', 'Getting started'],
      ['/keystatic/collection/blog/item/the-fresh-keystatic-cli', 'Authors'],
      ['/keystatic/collection/projects/item/thinkmill', 'Cover image'],
    ];
    for (const [path, text] of screens) {
      await open(path);
      await page.getByText(text).first().waitFor();
      assert.equal(await page.getByText('cannot be edited here yet').count(), 0, path);
      assert.equal(await page.getByText('This entry cannot be opened').count(), 0, path);
    }
  }, SITE));

/** What Keystatic writes for a docs file after an edit and its revert: expected/ or the file itself. */
function expectedBytes(site, relative) {
  const changed = join(EXPECTED, relative);
  return existsSync(changed) ? readFileSync(changed, 'utf8') : site.read(`src/content/${relative}`);
}

async function saveAndWait(page) {
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForFunction(() => !document.body.textContent?.includes('Unsaved'));
}

test('editing a field and changing it back writes the bytes Keystatic writes', () =>
  journey(async ({ page, open, site }) => {
    const slugs = (collection, extension) =>
      readdirSync(join(site.root, 'src/content', collection), { recursive: true })
        .filter((f) => f.endsWith(extension))
        .map((f) => f.slice(0, -extension.length));
    // Markdoc bodies are carried as text until the editor lands, so pages whose body Keystatic
    // reformats (those in expected/) wait for it.
    const pages = slugs('pages', '.mdoc').filter((slug) => !existsSync(join(EXPECTED, `pages/${slug}.mdoc`)));
    const entries = [
      ...slugs('authors', '.yaml').map((slug) => ['authors', slug, '.yaml', 'Link']),
      ...slugs('resources', '.yaml').map((slug) => ['resources', slug, '.yaml', 'Sort index']),
      ...slugs('projects', '.mdoc').map((slug) => ['projects', slug, '.mdoc', 'Sort index']),
      ...slugs('blog', '.mdoc').map((slug) => ['blog', slug, '.mdoc', 'Summary']),
      ...pages.map((slug) => ['pages', slug, '.mdoc', 'Summary']),
    ];
    assert.equal(entries.length, 3 + 11 + 17 + 1 + 28);
    for (const [collection, slug, extension, label] of entries) {
      const relative = `${collection}/${slug}${extension}`;
      const expected = expectedBytes(site, relative);
      await open(`/keystatic/collection/${collection}/item/${slug}`);
      const input = page.getByRole('textbox', { name: label });
      const value = await input.inputValue();
      await input.fill(label === 'Link' ? 'https://example.com/changed' : label === 'Summary' ? 'Changed' : '12345');
      await saveAndWait(page);
      await input.fill(value);
      await saveAndWait(page);
      assert.equal(site.read(`src/content/${relative}`), expected, relative);
    }
  }, SITE));
