// Reset changes discards: every field (the content's text too) shows the saved version, the draft
// is gone, nothing thrown away comes back or is saved later; with others on the entry, their text
// goes back too. Each with live collaboration on (the example's default) and off.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { openBrowser } from '../helpers/browser.mjs';
import { draftKept } from '../helpers/drafts.mjs';
import { journey, MOD, saved, valueBecomes } from '../helpers/journey.mjs';
import { startSite } from '../helpers/site.mjs';

const POST = 'content/posts/writing-with-git.mdoc';
const ENTRY = '/keystatic/collection/posts/item/writing-with-git';
const LINE = 'Branches let you prepare a change without publishing it.';
const EXAMPLE_CONFIG = readFileSync(join(resolve(dirname(fileURLToPath(import.meta.url)), '../..'), 'examples/blog/quire.yaml'), 'utf8');

/** The example site, with live collaboration as `on` says. */
const siteWith = (on) => (on ? {} : { files: { 'quire.yaml': `${EXAMPLE_CONFIG}\ncollaboration: false\n` } });

/** Fails the journey on any error the page throws. */
function noPageErrors(page) {
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.stack ?? error.message));
  return () => assert.deepEqual(errors, [], 'the page threw');
}

/** Types `text` at the end of the body's first paragraph. */
async function typeInBody(page, text) {
  await page.locator('.ProseMirror').getByText(LINE).click();
  await page.keyboard.press('End');
  await page.keyboard.type(text);
}

/** Waits until the content editor's first paragraph reads `text`. */
async function bodyReads(page, text) {
  await page.waitForFunction(
    (expected) => {
      const paragraph = document.querySelector('.ProseMirror p')?.cloneNode(true);
      if (!paragraph) return false;
      for (const caret of paragraph.querySelectorAll('.collab-caret')) caret.remove();
      return paragraph.textContent === expected;
    },
    text,
    { timeout: 5000 },
  );
}

/** Whether the page holds a draft with `text` after a moment (false: none). */
async function draftHolds(page, text) {
  return draftKept(page, text, 1500).then(
    () => true,
    () => false,
  );
}

for (const collaboration of [true, false]) {
  const mode = collaboration ? 'with collaboration' : 'without collaboration';

  test(`Reset changes puts back the content's text and every field, and nothing thrown away is saved (${mode})`, () =>
    journey(
      async ({ page, open, site }) => {
        const checkErrors = noPageErrors(page);
        const before = site.read(POST);
        await open(ENTRY);
        if (collaboration) await page.locator('.collab-state-connected').waitFor();
        await typeInBody(page, ' Thrown away.');
        const summary = page.getByRole('textbox', { name: 'Summary' });
        await summary.fill('Thrown away too');
        await draftKept(page, 'Thrown away.');

        await page.getByRole('button', { name: 'Reset changes' }).click();
        await bodyReads(page, LINE);
        assert.equal(await summary.inputValue(), 'A gentle introduction to branches for editors.');
        await saved(page);
        assert.equal(await page.getByRole('button', { name: 'Reset changes' }).isDisabled(), true);
        assert.equal(await draftHolds(page, 'Thrown away'), false, 'the draft is gone');

        // The next save writes only what was changed after the reset.
        await page.getByRole('textbox', { name: 'Reading time (minutes)' }).fill('9');
        await page.keyboard.press(`${MOD}+s`);
        await page.getByRole('status').getByText('Entry saved').waitFor();
        assert.equal(site.read(POST), before.replace('readingTime: 8', 'readingTime: 9'));

        // And the thrown-away text is not in the entry when it opens again.
        await page.reload();
        await bodyReads(page, LINE);
        assert.equal(await page.getByText(/^Restored draft/).count(), 0);
        checkErrors();
      },
      siteWith(collaboration),
    ));

  test(`a reset value stays reset after leaving the entry and coming back (${mode})`, () =>
    journey(
      async ({ page, open }) => {
        const checkErrors = noPageErrors(page);
        await open('/keystatic/collection/authors/item/ada-palmer');
        if (collaboration) await page.locator('.collab-state-connected').waitFor();
        const role = page.getByRole('textbox', { name: 'Role' });
        await role.fill('Publisher');
        // Leaving the field hands its value to the others on the entry.
        await page.getByRole('textbox', { name: 'Bio' }).focus();
        await page.getByRole('button', { name: 'Reset changes' }).click();
        assert.equal(await role.inputValue(), 'Editor in chief');
        await saved(page);

        await page.getByRole('link', { name: 'Dashboard' }).click();
        await page.getByRole('link', { name: 'Authors', exact: true }).first().click();
        await page.getByRole('link', { name: 'Ada Palmer' }).click();
        await role.waitFor();
        await page.waitForTimeout(500);
        assert.equal(await role.inputValue(), 'Editor in chief');
        assert.equal(await page.getByText('Unsaved').count(), 0);
        checkErrors();
      },
      siteWith(collaboration),
    ));

  test(`blocks all removed and then reset come back, with no draft on the next visit (${mode})`, () =>
    journey(
      async ({ page, open }) => {
        const checkErrors = noPageErrors(page);
        await open('/keystatic/collection/pages/item/about');
        if (collaboration) await page.locator('.collab-state-connected').waitFor();
        await page.getByRole('row', { name: 'About the journal' }).getByRole('button', { name: 'Remove' }).click();
        await page.getByRole('row', { name: 'The editors' }).getByRole('button', { name: 'Remove' }).click();
        await page.getByRole('textbox', { name: 'Menu label' }).focus();
        await page.getByText('Unsaved').first().waitFor();
        await page.getByRole('button', { name: 'Reset changes' }).click();
        await page.getByRole('row', { name: 'About the journal' }).waitFor();
        await saved(page);

        await open('/keystatic/collection/pages');
        await open('/keystatic/collection/pages/item/about');
        await page.getByRole('row', { name: 'The editors' }).waitFor();
        await page.waitForTimeout(500);
        assert.equal(await page.getByText(/^Restored draft/).count(), 0);
        assert.equal(await page.getByText('Unsaved').count(), 0);
        checkErrors();
      },
      siteWith(collaboration),
    ));

  test(`the restored draft's Discard does what Reset changes does (${mode})`, () =>
    journey(
      async ({ page, open, site }) => {
        const before = site.read(POST);
        await open(ENTRY);
        await typeInBody(page, ' A draft.');
        await draftKept(page, 'A draft.');
        await page.reload();
        const notice = page.getByRole('status').filter({ hasText: /^Restored draft/ });
        await notice.getByRole('button', { name: 'Discard' }).click();
        await bodyReads(page, LINE);
        await saved(page);
        assert.equal(await draftHolds(page, 'A draft.'), false);
        assert.equal(site.read(POST), before);
      },
      siteWith(collaboration),
    ));
}

/** Two people on the example site, each in their own browser (named as the name dialog keeps it). */
async function together(body) {
  const site = await startSite();
  const people = [];
  try {
    for (const name of ['Ada Lovelace', 'Grace Hopper']) {
      const browser = await openBrowser();
      await browser.context.addInitScript((chosen) => localStorage.setItem('quire-collab-name', chosen), name);
      people.push(browser);
    }
    await body({ site, ada: people[0].page, grace: people[1].page, people });
  } finally {
    for (const person of people) await person.close().catch(() => {});
    await site.stop();
  }
}

test('a reset goes to everyone on the entry, can be undone, and reaches who opens it after', () =>
  together(async ({ site, ada, grace, people }) => {
    const before = site.read(POST);
    const checkErrors = noPageErrors(ada);
    await ada.goto(site.url + ENTRY);
    await grace.goto(site.url + ENTRY);
    for (const page of [ada, grace]) await page.getByRole('list', { name: 'People here' }).waitFor();

    await typeInBody(ada, ' Thrown away.');
    await ada.getByRole('textbox', { name: 'Summary' }).fill('Thrown away too');
    await ada.getByRole('textbox', { name: 'Title' }).focus();
    await bodyReads(grace, `${LINE} Thrown away.`);
    await valueBecomes(grace.getByRole('textbox', { name: 'Summary' }), 'Thrown away too');

    await ada.getByRole('button', { name: 'Reset changes' }).click();
    await bodyReads(ada, LINE);
    await bodyReads(grace, LINE);
    await valueBecomes(grace.getByRole('textbox', { name: 'Summary' }), 'A gentle introduction to branches for editors.');

    // The reset is a change of Ada's: Undo in the text takes it back, for both.
    await ada.locator('.ProseMirror').getByText(LINE).click();
    await ada.keyboard.press(`${MOD}+z`);
    await bodyReads(ada, `${LINE} Thrown away.`);
    await bodyReads(grace, `${LINE} Thrown away.`);
    await ada.getByRole('button', { name: 'Reset changes' }).click();
    await bodyReads(grace, LINE);

    // Someone opening the entry now gets the saved version, and keeps it when Ada saves.
    await grace.goto(`${site.url}/keystatic`);
    const third = await openBrowser();
    people.push(third);
    await third.context.addInitScript(() => localStorage.setItem('quire-collab-name', 'Alan Turing'));
    await third.page.goto(site.url + ENTRY);
    await third.page.getByRole('list', { name: 'People here' }).waitFor();
    await bodyReads(third.page, LINE);
    assert.equal(await third.page.getByRole('textbox', { name: 'Summary' }).inputValue(), 'A gentle introduction to branches for editors.');
    await ada.getByRole('textbox', { name: 'Reading time (minutes)' }).fill('9');
    await ada.keyboard.press(`${MOD}+s`);
    await ada.getByRole('status').getByText('Entry saved').waitFor();
    assert.equal(site.read(POST), before.replace('readingTime: 8', 'readingTime: 9'));
    await third.page.waitForTimeout(500);
    await bodyReads(third.page, LINE);
    assert.equal(await third.page.getByRole('textbox', { name: 'Summary' }).inputValue(), 'A gentle introduction to branches for editors.');
    assert.equal(await third.page.getByText('Unsaved').count(), 0);
    checkErrors();
  }));
