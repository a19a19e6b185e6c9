// What a new editor meets in their first hour: icon buttons named by tooltips, states that keep a
// name on a phone, and an upload box that speaks of dropping only where something can be dropped.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { journey } from '../helpers/journey.mjs';

const ENTRY = '/keystatic/collection/posts/item/writing-with-git';

test('icon-only buttons show their name as a tooltip on hover and on keyboard focus, with the shortcut where there is one', () =>
  journey(async ({ page, open }) => {
    await open(ENTRY);
    const tooltip = page.getByRole('tooltip');

    await page.getByRole('button', { name: 'Copy entry' }).waitFor();
    await page.mouse.move(10, 10);
    await page.getByRole('button', { name: 'Copy entry' }).hover();
    await tooltip.filter({ hasText: 'Copy entry' }).waitFor();
    await page.getByRole('button', { name: 'Paste entry' }).hover();
    await tooltip.filter({ hasText: 'Paste entry' }).waitFor();
    await page.mouse.move(0, 0);
    await tooltip.waitFor({ state: 'detached' });

    // From the keyboard: Tab onto the formatting buttons.
    await page.locator('.ProseMirror').click();
    const bold = page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Bold' });
    await bold.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await tooltip.filter({ hasText: /^Bold \(.+B\)$/ }).waitFor();
    await page.screenshot({ path: '/tmp/shots/tooltip-bold.png' });
  }));

test('on a phone, Unsaved and Live keep their names for screen readers and as tooltips', () =>
  journey(
    async ({ page, open }) => {
      await open(ENTRY);
      await page.locator('.collab-state-connected').waitFor();
      const live = page.locator('.collab-state-connected');
      assert.equal(await live.getAttribute('title'), 'Live');
      assert.equal(await live.evaluate((element) => element.textContent), 'Live');
      await page.getByRole('textbox', { name: 'Summary' }).fill('Changed');
      const unsaved = page.locator('.screen-actions .badge');
      await unsaved.waitFor();
      assert.equal(await unsaved.getAttribute('title'), 'Unsaved');
      // Only the dot shows; the name is still read out.
      assert.ok((await unsaved.boundingBox()).width < 30);
      assert.equal(await page.getByText('Unsaved').count(), 1);
      await page.screenshot({ path: '/tmp/shots/phone-states.png' });
    },
    { viewport: { width: 390, height: 800 } },
  ));

test('on a touch screen the upload box offers its button without asking to drop', () =>
  journey(
    async ({ page, open }) => {
      await open('/keystatic/collection/authors/create');
      const avatar = page.getByRole('group', { name: 'Avatar' });
      await avatar.getByRole('button', { name: 'Choose image' }).waitFor();
      assert.equal(await avatar.getByText('Drop an image here, or').isVisible(), false);
    },
    { viewport: { width: 390, height: 800 }, touch: true },
  ));

test('with a mouse the upload box says an image can be dropped', () =>
  journey(async ({ page, open }) => {
    await open('/keystatic/collection/authors/create');
    await page.getByRole('group', { name: 'Avatar' }).getByText('Drop an image here, or').waitFor({ state: 'visible' });
  }));

for (const [width, height] of [
  [1440, 900],
  [390, 800],
]) {
  test(`the editor's toolbar is one row at ${width} px; what does not fit is in More formatting`, () =>
    journey(
      async ({ page, open }) => {
        await open(ENTRY);
        const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
        await toolbar.scrollIntoViewIfNeeded();
        await toolbar.getByRole('button', { name: 'Expand' }).waitFor();
        const tops = await toolbar.locator('button').evaluateAll((buttons) => [...new Set(buttons.map((button) => Math.round(button.getBoundingClientRect().top)))]);
        assert.equal(tops.length, 1, `buttons on one row: ${tops}`);
        if (width > 1000) {
          assert.equal(await toolbar.getByRole('button', { name: 'More formatting' }).count(), 0, 'everything fits');
          return;
        }
        // What is in the menu works as its button does.
        await page.locator('.ProseMirror p').first().click();
        await page.keyboard.press('Control+Home');
        await page.keyboard.press('Control+Shift+ArrowRight');
        await toolbar.getByRole('button', { name: 'More formatting' }).click();
        await page.getByRole('menuitem', { name: /^Bold/ }).click();
        await page.locator('.ProseMirror strong', { hasText: 'Branches' }).waitFor();
      },
      { viewport: { width, height } },
    ));
}
