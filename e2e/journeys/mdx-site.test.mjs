// A real MDX site (ActivistChecklist.org's checklist items): inline Markdoc fields edited with the
// rich-text editor and written into the front matter as Keystatic writes them.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { journey, MOD, saved } from '../helpers/journey.mjs';

const SITE = { site: 'fixtures/sites/activist-checklist-items' };
const ITEMS = 'content/en/checklist-items';
const EXPECTED = join(dirname(fileURLToPath(import.meta.url)), '../../fixtures/activist-checklist-items-expected/expected');

test('an inline Markdoc field opens in the editor, and what is typed there is written into the front matter', () =>
  journey(async ({ page, open, site }) => {
    const before = site.read(`${ITEMS}/account-pin.mdx`);
    await open('/keystatic/collection/checklistItems/item/account-pin');
    const preview = page.getByRole('textbox', { name: 'Preview text' });
    await preview.click();
    await page.keyboard.type('Protect the accounts that matter ');
    await page.keyboard.press(`${MOD}+b`);
    await page.keyboard.type('most');
    await page.getByRole('button', { name: 'Save' }).click();
    await saved(page);
    // As Keystatic writes it: every inline field present ('' when empty), in declaration order, and
    // the body, which nobody touched, exactly as it was.
    const keystatic = readFileSync(join(EXPECTED, 'account-pin.mdx'), 'utf8');
    const want = keystatic.replace("preview: ''\n", 'preview: |\n  Protect the accounts that matter **most**\n');
    const written = site.read(`${ITEMS}/account-pin.mdx`);
    assert.equal(written.slice(0, written.indexOf('\n---\n') + 5), want.slice(0, want.indexOf('\n---\n') + 5));
    assert.equal(written.slice(written.indexOf('\n---\n')), before.slice(before.indexOf('\n---\n')));
  }, SITE));

test("an inline field's value shows formatted, and one the field cannot hold shows its message and stays", () =>
  journey(
    async ({ page, open, site }) => {
      await open('/keystatic/collection/checklistItems/item/alternate-phone-number');
      const doField = page.getByRole('textbox', { name: '✅ DO:' });
      await doField.getByRole('link', { name: 'Google Voice' }).waitFor();
      await open('/keystatic/collection/checklistItems/item/account-pin');
      await page.getByText('Must be a string').first().waitFor();
      await page.getByText('The file holds: 42').waitFor();
      await page.getByRole('textbox', { name: 'Title' }).fill('Add a PIN');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Must be a string').first().waitFor();
      assert.match(site.read(`${ITEMS}/account-pin.mdx`), /^dont: 42$/m);
    },
    {
      ...SITE,
      prepare: (site) => {
        const text = site.read(`${ITEMS}/account-pin.mdx`);
        site.write(`${ITEMS}/account-pin.mdx`, text.replace('titleBadges: []\n', 'dont: 42\ntitleBadges: []\n'));
      },
    },
  ));

// A changelog named by dates, as ActivistChecklist's is: its slugField is a text field.
const CHANGELOG = `collections:
  changelog:
    label: Changelog
    path: content/changelog/*
    slugField: date
    schema:
      date: { kind: text, label: Date, validation: { isRequired: true } }
      summary: { kind: text, label: Summary }
`;
const BLOG_CONFIG = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../examples/blog/quire.yaml'), 'utf8');

test('a collection whose slugField is a text field: entries are named by their file names, which the field edits', () =>
  journey(
    async ({ page, open, site }) => {
      await open('/keystatic/collection/changelog');
      await page.getByRole('table').getByRole('link', { name: '2024-06-01' }).click();
      const date = page.getByRole('textbox', { name: 'Date' });
      assert.equal(await date.inputValue(), '2024-06-01');
      await page.getByRole('textbox', { name: 'Summary' }).fill('Quieter lists, faster saves');
      await page.getByRole('button', { name: 'Save' }).click();
      await saved(page);
      assert.equal(site.read('content/changelog/2024-06-01.yaml'), 'summary: Quieter lists, faster saves\n');

      await open('/keystatic/collection/changelog/create');
      await page.getByRole('textbox', { name: 'Date' }).fill('2024-06-01');
      await page.getByRole('textbox', { name: 'Date' }).blur();
      await page.getByText('Date must be unique').waitFor();
      await page.getByRole('textbox', { name: 'Date' }).fill('2024-07-01');
      await page.getByRole('textbox', { name: 'Summary' }).fill('Branches');
      await page.getByRole('button', { name: 'Create' }).click();
      await page.waitForURL('**/keystatic/collection/changelog/item/2024-07-01');
      assert.equal(site.read('content/changelog/2024-07-01.yaml'), 'summary: Branches\n');
    },
    {
      files: {
        'quire.yaml': BLOG_CONFIG.replace('collections:\n', CHANGELOG),
        'content/changelog/2024-06-01.yaml': 'summary: Quieter lists\n',
      },
    },
  ));

test('a mark with a tag shows as that element and is written as its component', () =>
  journey(async ({ page, open, site }) => {
    await open('/keystatic/collection/checklistItems/item/account-pin');
    const body = page.getByRole('textbox', { name: 'Body' });
    await body.getByText('extra', { exact: false }).first().waitFor();
    // Select the word "extra" by its characters.
    await page.evaluate(() => {
      const walker = document.createTreeWalker(document.querySelector('[aria-label="Body"]'), NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent.indexOf('add extra protections');
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(node, at + 4);
        range.setEnd(node, at + 9);
        getSelection().removeAllRanges();
        getSelection().addRange(range);
        return;
      }
    });
    await page.waitForFunction(() => getSelection()?.toString() === 'extra');
    await page.getByRole('button', { name: 'Styled text' }).click();
    const styled = body.locator('[data-component="StyledSpan"]');
    assert.equal(await styled.evaluate((element) => element.tagName), 'SPAN');
    assert.equal(await styled.textContent(), 'extra');
    await page.getByRole('button', { name: 'Save' }).click();
    await saved(page);
    const keystatic = readFileSync(join(EXPECTED, 'account-pin.mdx'), 'utf8');
    assert.equal(site.read(`${ITEMS}/account-pin.mdx`), keystatic.replace('add extra protections', 'add <StyledSpan>extra</StyledSpan> protections'));
  }, SITE));

test('an entry Keystatic cannot open (raw <u> in its MDX) opens, and its element is saved as it was written', () =>
  journey(async ({ page, open, site }) => {
    await open('/keystatic/collection/checklistItems/item/freeze-credit');
    const body = page.getByRole('textbox', { name: 'Body' });
    const kept = body.locator('.editor-missing-inline', { hasText: '<u>**all three**</u>' });
    await kept.waitFor();
    assert.equal(await kept.getAttribute('title'), 'The element "u" has no component: it is kept as written.');
    await body.getByText('A bad actor might try').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Do it today.');
    await page.getByRole('button', { name: 'Save' }).click();
    await saved(page);
    const written = site.read(`${ITEMS}/freeze-credit.mdx`);
    assert.match(written, /difficulties\. Do it today\.\n/);
    assert.match(written, /place a "freeze" on <u>\*\*all three\*\*<\/u> of the credit bureaus:/);
  }, SITE));
