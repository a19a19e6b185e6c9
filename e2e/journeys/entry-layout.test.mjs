// The `content` entry layout: above mobile width a split view, the content in the main pane and the
// other fields in a side pane resized by dragging or the keyboard and remembered per collection; one
// column in schema order on a phone. Object layouts follow the room their object has.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { journey } from '../helpers/journey.mjs';

const POST = '/keystatic/collection/posts/item/writing-with-git';
const STORAGE_KEY = 'quire-split-view:posts';

/** The separator's value (the side pane's width) and the side pane's rendered width. */
async function sideWidth(page) {
  const separator = page.getByRole('separator', { name: 'Resize the side pane' });
  const value = Number(await separator.getAttribute('aria-valuenow'));
  const pane = page.locator(`[id="${await separator.getAttribute('aria-controls')}"]`);
  const box = await pane.boundingBox();
  assert.ok(box);
  return { value, width: Math.round(box.width) };
}

/** Drags the separator by `dx` pixels (negative: to the left, widening the side pane). */
async function drag(page, dx) {
  const box = await page.getByRole('separator', { name: 'Resize the side pane' }).boundingBox();
  assert.ok(box);
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y, { steps: 8 });
  await page.mouse.up();
}

test('a post shows its content beside a side pane resized by dragging and the keyboard, remembered across reloads', () =>
  journey(async ({ page, open }) => {
    await open(POST);
    const separator = page.getByRole('separator', { name: 'Resize the side pane' });
    await separator.waitFor();
    assert.equal(await separator.getAttribute('aria-orientation'), 'vertical');
    assert.equal(await separator.getAttribute('aria-valuemin'), '0');
    assert.equal(await separator.getAttribute('aria-valuemax'), '480');
    assert.deepEqual(await sideWidth(page), { value: 320, width: 320 });

    // The content is in the main pane, before the separator; the other fields are after it.
    const content = await page.getByLabel('Content', { exact: true }).first().boundingBox();
    const title = await page.getByRole('textbox', { name: 'Title' }).boundingBox();
    const line = await separator.boundingBox();
    assert.ok(content && title && line);
    assert.ok(content.x + content.width <= line.x && line.x + line.width <= title.x, 'content | separator | fields');
    assert.ok(content.width > 500, `the content has the room (${content.width}px)`);

    // Dragging to the left widens the side pane; back near the default, it snaps to it.
    await drag(page, -100);
    assert.deepEqual(await sideWidth(page), { value: 420, width: 420 });
    await drag(page, 90);
    assert.deepEqual(await sideWidth(page), { value: 320, width: 320 });
    await drag(page, -400);
    assert.deepEqual(await sideWidth(page), { value: 480, width: 480 });
    assert.equal(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY), '480');

    // The keyboard steps a tenth of the range; Home and End go to the limits.
    await separator.focus();
    await page.keyboard.press('Home');
    assert.equal((await sideWidth(page)).value, 240);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    assert.equal((await sideWidth(page)).value, 288);
    await page.keyboard.press('ArrowRight');
    assert.deepEqual(await sideWidth(page), { value: 264, width: 264 });
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    assert.equal((await sideWidth(page)).value, 480);
    await page.keyboard.press('ArrowRight');
    assert.deepEqual(await sideWidth(page), { value: 456, width: 456 });

    // The width is remembered for the collection.
    await page.reload();
    await separator.waitFor();
    assert.deepEqual(await sideWidth(page), { value: 456, width: 456 });

    // A double click restores the default; a stored value that is not a width opens at the default.
    await separator.dblclick();
    assert.equal((await sideWidth(page)).value, 320);
    await page.evaluate((key) => localStorage.setItem(key, 'wide'), STORAGE_KEY);
    await page.reload();
    await separator.waitFor();
    assert.deepEqual(await sideWidth(page), { value: 320, width: 320 });
  }));

test('the side pane collapses by Enter on the separator or a drag to its edge, and comes back at its width', () =>
  journey(async ({ page, open }) => {
    await open(POST);
    const separator = page.getByRole('separator', { name: 'Resize the side pane' });
    const title = page.getByRole('textbox', { name: 'Title' });
    await title.waitFor();
    await separator.focus();
    await page.keyboard.press('Enter');
    await title.waitFor({ state: 'hidden' });
    assert.equal(await separator.getAttribute('aria-valuenow'), '0');
    const main = await page.locator('.split-pane-main').boundingBox();
    assert.ok(main && main.width > 1000, `the main pane takes the room (${main?.width}px)`);

    // Collapsed it stays, after a reload; Enter brings the pane back at its width.
    await page.reload();
    await separator.waitFor();
    assert.equal(await title.isVisible(), false);
    await separator.focus();
    await page.keyboard.press('Enter');
    await title.waitFor();
    assert.deepEqual(await sideWidth(page), { value: 320, width: 320 });

    // A drag to half the minimum width or less collapses it; a drag back out shows it again.
    await drag(page, 220);
    await title.waitFor({ state: 'hidden' });
    await drag(page, -300);
    await title.waitFor();
    assert.equal((await sideWidth(page)).value, 300);
  }));

test('Expand fills the window below the header, Save and Unsaved in reach; Collapse and Escape put it back', () =>
  journey(async ({ page, open }) => {
    await open(POST);
    const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
    await toolbar.getByRole('button', { name: 'Expand' }).click();
    const frame = page.locator('.editor').first();
    const box = await frame.boundingBox();
    const viewport = page.viewportSize();
    const header = await page.locator('.screen-header').boundingBox();
    assert.ok(box && viewport && header);
    assert.deepEqual([box.x, box.y, box.width, box.height], [0, header.height, viewport.width, viewport.height - header.height]);
    await page.locator('.ProseMirror p').first().click();
    await page.keyboard.type('More. ');
    await page.getByText('Unsaved').waitFor({ state: 'visible' });
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await save.click({ trial: true });
    await page.screenshot({ path: '/tmp/shots/expanded.png' });
    const collapse = toolbar.getByRole('button', { name: 'Collapse' });
    assert.equal(await collapse.getAttribute('aria-pressed'), 'true');
    await collapse.click();
    assert.notEqual((await frame.boundingBox())?.x, 0);

    await toolbar.getByRole('button', { name: 'Expand' }).click();
    await page.locator('.ProseMirror').click();
    await page.keyboard.press('Escape');
    await toolbar.getByRole('button', { name: 'Expand' }).waitFor();
    assert.notEqual((await frame.boundingBox())?.x, 0);
  }));

test('on a phone the fields of a post are one column in schema order', () =>
  journey(
    async ({ page, open }) => {
      await open(POST);
      const title = page.getByRole('textbox', { name: 'Title' });
      const summary = page.getByRole('textbox', { name: 'Summary' });
      const content = page.getByLabel('Content', { exact: true }).first();
      await content.waitFor();
      assert.equal(await page.getByRole('separator', { name: 'Resize the side pane' }).count(), 0);
      const titleBox = await title.boundingBox();
      const summaryBox = await summary.boundingBox();
      const contentBox = await content.boundingBox();
      assert.ok(titleBox && summaryBox && contentBox);
      assert.ok(titleBox.y < summaryBox.y && summaryBox.y < contentBox.y, 'schema order: the content comes last');
      const inColumn = contentBox.x >= titleBox.x && contentBox.x + contentBox.width <= titleBox.x + titleBox.width + 1;
      assert.ok(inColumn && contentBox.width > 0.8 * titleBox.width, 'one column');
      // The page is no wider than the phone.
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 390);
    },
    { viewport: { width: 390, height: 800 } },
  ));

/** Where the call to action's two fields are, once it is switched on. */
async function callToAction(page) {
  const cta = page.getByRole('group', { name: 'Call to action' });
  await cta.getByRole('checkbox', { name: 'Show a call to action' }).check();
  const text = await cta.getByRole('textbox', { name: 'Text' }).boundingBox();
  const link = await cta.getByRole('textbox', { name: 'Link' }).boundingBox();
  assert.ok(text && link);
  return { text, link, sideBySide: Math.abs(text.y - link.y) < 1 };
}

test('an object layout [8, 4] stacks in a narrow side pane and sits side by side when the pane is wide enough', () =>
  journey(async ({ page, open }) => {
    await open(POST);
    let cta = await callToAction(page);
    assert.equal(cta.sideBySide, false, 'stacked in the default side pane');
    assert.ok(cta.link.y > cta.text.y);

    await page.getByRole('separator', { name: 'Resize the side pane' }).focus();
    await page.keyboard.press('End');
    cta = await callToAction(page);
    assert.equal(cta.sideBySide, true, 'side by side in the widest side pane');
    assert.ok(cta.text.x < cta.link.x && cta.text.width > 1.8 * cta.link.width, 'columns 8 and 4');
  }));

const CONFIG = readFileSync(new URL('../../examples/blog/quire.yaml', import.meta.url), 'utf8');
const FORM_LAYOUT = CONFIG.replace('    entryLayout: content\n', '');
assert.notEqual(FORM_LAYOUT, CONFIG, 'the posts of the example blog have the content layout');

test('without the content layout a post is one column and its object layout [8, 4] sits side by side', () =>
  journey(
    async ({ page, open }) => {
      await open(POST);
      await page.getByRole('textbox', { name: 'Title' }).waitFor();
      assert.equal(await page.getByRole('separator', { name: 'Resize the side pane' }).count(), 0);
      const cta = await callToAction(page);
      assert.equal(cta.sideBySide, true);
      assert.ok(cta.text.x < cta.link.x && cta.text.width > 1.8 * cta.link.width, 'columns 8 and 4');
    },
    { files: { 'quire.yaml': FORM_LAYOUT } },
  ));

test('in the side pane the slug has the whole width, with Regenerate below it', () =>
  journey(async ({ page, open }) => {
    await open(POST);
    const title = await page.getByRole('textbox', { name: 'Title' }).boundingBox();
    const slug = await page.getByRole('textbox', { name: 'Slug' }).boundingBox();
    const regenerate = await page.getByRole('button', { name: 'Regenerate' }).boundingBox();
    assert.ok(title && slug && regenerate);
    assert.ok(Math.abs(slug.width - title.width) <= 1, `the slug is as wide as the title (${slug.width}px, ${title.width}px)`);
    assert.ok(regenerate.y >= slug.y + slug.height, 'Regenerate is below the slug');
  }));
