// axe-core finds no serious or critical violation on any screen, in light and dark, on a desktop and
// on a phone: the screens as they open, and with their dialogs, menus and the editor's popovers open.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { seriousViolations } from '../helpers/axe.mjs';
import { WELCOME, WELCOME_LAST_LINE, formatting, settled } from '../helpers/editor.mjs';
import { git, gitJourney } from '../helpers/git.mjs';
import { journey } from '../helpers/journey.mjs';

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/**
 * While a combobox's list is open, react-aria hides the rest of the page from screen readers with
 * aria-hidden on purpose (its list sits in a portal at the end of the document), and Tab closes the
 * list rather than moving into what is hidden; axe's aria-hidden-focus cannot see that
 * (adobe/react-spectrum#4937). This one rule is left out for open comboboxes alone.
 */
const OPEN_COMBOBOX = ['aria-hidden-focus'];

/** Checks the page as it shows now; collects what is wrong, named by the state it was found in. */
function checker(page, found) {
  return async (state, { except = [] } = {}) => {
    // Transitions end before the check: half-faded colours are no colours anyone reads (a spinner's
    // endless turn is no transition).
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => {})),
      ),
    );
    for (const violation of await seriousViolations(page, { except })) found.push(`${state}: ${violation}`);
  };
}

async function press(page, name) {
  await page.getByRole('button', { name, exact: true }).first().click();
}

/** Every screen of local storage and its open states, at one size and scheme. */
async function localScreens({ page, open }, viewport) {
  const found = [];
  const check = checker(page, found);
  const phone = viewport === PHONE;

  await open('/keystatic');
  await page.getByRole('main').getByText('Posts').first().waitFor();
  await check('dashboard');
  // On a phone the theme menu is in the navigation drawer.
  if (phone) {
    await press(page, 'Open navigation');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Posts' }).waitFor();
    await check('navigation drawer');
  }
  await page.getByRole('button', { name: 'Theme' }).click();
  await page.getByRole('menu').waitFor();
  await check('theme menu');
  await page.keyboard.press('Escape');
  if (phone) await page.keyboard.press('Escape');
  await page.keyboard.press('?');
  await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
  await check('keyboard shortcut list');
  await page.keyboard.press('Escape');

  await open('/keystatic/collection/posts');
  await page.getByRole('table').getByRole('row').nth(1).waitFor();
  await check('collection list');
  await page.getByRole('checkbox', { name: 'Select writing-with-git' }).check();
  await page.getByRole('region', { name: 'Selected entries' }).waitFor();
  await check('list with a selection');
  await open('/keystatic/collection/posts?search=nothing-matches-this');
  await page.getByText('No results').waitFor();
  await check('list without results');

  await open(`/keystatic/collection/posts/item/welcome-to-the-journal`);
  await page.locator('.ProseMirror').waitFor();
  await check('entry');
  // On a phone the entry's actions are in a menu.
  if (phone) {
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menu').waitFor();
    await check('entry actions menu');
    await page.getByRole('menuitem', { name: 'Delete entry…' }).click();
  } else {
    await page.getByRole('button', { name: 'Delete entry…' }).click();
  }
  await page.getByRole('alertdialog').waitFor();
  await check('delete dialog');
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('combobox', { name: 'Author' }).click();
  await page.getByRole('combobox', { name: 'Author' }).fill('a');
  await page.getByRole('listbox').getByRole('option').first().waitFor();
  await check('relationship picker', { except: OPEN_COMBOBOX });
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /Category/ }).first().click();
  await page.getByRole('listbox').waitFor();
  await check('select');
  await page.keyboard.press('Escape');

  // A new paragraph at the body's end (End would stop where a phone wraps the line).
  await page.locator('.ProseMirror').getByText(WELCOME_LAST_LINE).click();
  await page.keyboard.press('Control+End');
  await settled(page);
  await page.keyboard.press('Enter');
  await page.keyboard.type('/');
  await page.getByRole('listbox', { name: 'Insert' }).waitFor();
  await check('insert menu');
  await page.keyboard.press('Escape');
  await page.keyboard.type('Linked');
  await page.keyboard.press('Shift+Home');
  await page.keyboard.press('Control+k');
  await page.getByRole('dialog').waitFor();
  await check('link dialog');
  await page.keyboard.press('Escape');
  const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
  await toolbar.getByRole('button', { name: 'Insert', exact: true }).click();
  await page.getByRole('menu').waitFor();
  await check('insert menu of the toolbar');
  await page.keyboard.press('Escape');
  await formatting(page, 'Table');
  await page.locator('.ProseMirror table').waitFor();
  await check('table and its toolbar');

  await open('/keystatic/collection/posts/create');
  await page.locator('.ProseMirror').waitFor();
  await press(page, 'Create');
  await page.locator('[aria-invalid="true"]').first().waitFor();
  await check('create with its messages');

  await open('/keystatic/singleton/settings');
  await page.getByRole('textbox', { name: 'Tagline' }).waitFor();
  await check('singleton');

  await open('/keystatic/collection/guides');
  await page.getByRole('table').waitFor();
  await open('/keystatic/no-such-screen');
  await page.getByText('This page could not be found.').waitFor();
  await check('not found');
  return found;
}

for (const viewport of [DESKTOP, PHONE]) {
  for (const scheme of ['light', 'dark']) {
    test(`no serious violation on the screens, ${scheme}, ${viewport.width} px`, () =>
      journey(
        async (context) => {
          await context.page.emulateMedia({ colorScheme: scheme });
          const found = await localScreens(context, viewport);
          assert.deepEqual(found, []);
        },
        { viewport },
      ));
  }
}

test('no serious violation on the branch screens and dialogs', () =>
  gitJourney(
    async ({ page, open }) => {
      const found = [];
      const check = checker(page, found);
      for (const scheme of ['light', 'dark']) {
        await page.emulateMedia({ colorScheme: scheme });
        await open('/keystatic/branch/quire%2Fspring/collection/posts');
        await page.getByRole('columnheader', { name: 'Status' }).waitFor();
        await check(`${scheme} list on a branch`);
        await page.getByRole('button', { name: /Branch$/ }).click();
        await page.getByRole('dialog').or(page.getByRole('listbox')).first().waitFor();
        await check(`${scheme} branch picker`);
        await page.keyboard.press('Escape');
        await page.getByRole('button', { name: 'Branch actions' }).click();
        await page.getByRole('menuitem', { name: 'New branch' }).click();
        await page.getByRole('dialog', { name: 'New branch' }).waitFor();
        await check(`${scheme} new branch dialog`);
        await page.keyboard.press('Escape');
        await open(`/keystatic/branch/quire%2Fspring/collection/posts/item/${WELCOME.split('/').pop()}`);
        await page.locator('.ProseMirror').waitFor();
        await check(`${scheme} entry on a branch`);
      }
      assert.deepEqual(found, []);
    },
    { storage: { branchPrefix: 'quire/' }, setupRepo: (root) => git(root, 'branch', 'quire/spring') },
  ));
