// The example's guides are MDX with JSX components: a wrapper (Callout), a block (Video) and an
// inline element (Kbd). The guide opens with each in place, an edit writes the rest of the file
// with its own bytes, and components inserted and edited in the editor are saved as Keystatic writes them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { journey, saved } from '../helpers/journey.mjs';
import { newParagraphAtEnd, shot } from '../helpers/editor.mjs';

const guide = 'content/guides/editing-mdx.mdx';

test('a guide opens with its components, and an edit saves the rest of it with its own bytes', () =>
  journey(async ({ page, open, site }) => {
    const before = site.read(guide);
    await open('/keystatic/collection/guides/item/editing-mdx');
    const prose = page.getByRole('textbox', { name: 'Content' });
    const callout = prose.locator('[data-component="Callout"]');
    await callout.getByText('Components are elements').waitFor();
    assert.deepEqual(await callout.locator('.editor-component-prop').allInnerTexts(), ['Tone\nwarning']);
    const video = prose.locator('[data-component="Video"]');
    assert.deepEqual(await video.locator('.editor-component-prop').allInnerTexts(), ['Video ID\ndQw4w9WgXcQ', 'Autoplay\nfalse']);
    // An inline element shows its label and its first prop, all its props on hover.
    const key = prose.locator('[data-component="Kbd"]');
    assert.equal(await key.innerText(), 'KeyCtrl+S');
    assert.equal(await key.getAttribute('title'), 'Keys: Ctrl+S');
    await shot(page, 'content-mdx');

    // One edit: the rest of the file, written anew, keeps its bytes.
    await newParagraphAtEnd(page, 'That is all.');
    await page.keyboard.type('Really.');
    await page.getByRole('button', { name: 'Save' }).click();
    await saved(page);
    assert.equal(site.read(guide), `${before}\nReally.\n`);
  }));

test('a Callout and a Video inserted in a guide are saved as JSX with their props', () =>
  journey(async ({ page, open, site }) => {
    const before = site.read(guide);
    await open('/keystatic/collection/guides/item/editing-mdx');
    await newParagraphAtEnd(page, 'That is all.');
    await page.keyboard.type('/callout');
    await page.getByRole('option', { name: /Callout/ }).click();
    await page.keyboard.type('Saved as JSX.');

    const callouts = page.locator('.ProseMirror [data-component="Callout"]');
    await callouts.nth(1).getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Callout' });
    await dialog.getByRole('button', { name: /Tone/ }).click();
    await page.getByRole('option', { name: 'Warning' }).click();
    await dialog.getByRole('button', { name: 'Done' }).click();

    // Enter on an empty last line leaves the Callout for a paragraph after it.
    await callouts.nth(1).getByText('Saved as JSX.').click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Insert', exact: true }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Video' }).click();
    // A fresh Video has no id yet, which its schema requires: its dialog opens at once.
    const dialogVideo = page.getByRole('dialog', { name: 'Edit Video' });
    await dialogVideo.getByLabel('Video ID').fill('abc123');
    await dialogVideo.getByRole('button', { name: 'Done' }).click();

    await page.getByRole('button', { name: 'Save' }).click();
    await saved(page);
    assert.equal(
      site.read(guide),
      `${before}\n<Callout tone="warning">\n  Saved as JSX.\n</Callout>\n\n<Video id="abc123" autoplay={false} />\n`,
    );
  }));

test('a component the config puts in the toolbar has a button there, and the Insert menu has the others', () =>
  journey(async ({ page, open }) => {
    await open('/keystatic/collection/guides/item/editing-mdx');
    const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
    await toolbar.getByRole('button', { name: 'Insert', exact: true }).click();
    assert.deepEqual(await page.getByRole('menu').getByRole('menuitem').allInnerTexts(), ['Video', 'Key']);
    await page.keyboard.press('Escape');
    const callouts = page.locator('.ProseMirror [data-component="Callout"]');
    assert.equal(await callouts.count(), 1);
    await page.locator('.ProseMirror').getByText('That is all.').click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await toolbar.getByRole('group', { name: 'Components' }).getByRole('button', { name: 'Callout' }).click();
    assert.equal(await callouts.count(), 2);
  }));
