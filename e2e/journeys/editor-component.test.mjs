// A block component in a post's Markdoc body (the example blog's Callout: a Tone select and a
// required Title): inserted from the toolbar's Insert menu and the "/" menu, its props edited in
// 'Edit Callout' (opened at once, since its Title is required) with Cancel and Done, removed, and
// saved as a self-closing tag with its attributes, shown in its box by their labels.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { WELCOME, newParagraphAtEnd, shot } from '../helpers/editor.mjs';
import { journey, saved } from '../helpers/journey.mjs';

const post = WELCOME;

/** The props a component's box shows, as `label value` lines. */
async function shownProps(box) {
  return box.locator('.editor-component-prop').evaluateAll((lines) => lines.map((line) => [...line.children].map((part) => part.textContent).join(' ')));
}

test("a Callout from the Insert menu is edited in 'Edit Callout' and saved as a tag", () =>
  journey(async ({ page, open, site }) => {
    const before = site.read(`${post}.mdoc`);
    await open('/keystatic/collection/posts/item/welcome-to-the-journal');
    await newParagraphAtEnd(page);

    const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
    await toolbar.getByRole('button', { name: 'Insert', exact: true }).click();
    const menu = page.getByRole('menu');
    assert.deepEqual(await menu.getByRole('menuitem').allInnerTexts(), ['Callout']);
    await shot(page, 'component-insert-menu');
    await menu.getByRole('menuitem', { name: 'Callout' }).click();

    // A fresh Callout has no title yet, which it needs: its dialog opens at once, and Cancel takes
    // the Callout out again.
    const box = page.locator('.ProseMirror [data-component="callout"]');
    const dialog = page.getByRole('dialog', { name: 'Edit Callout' });
    await dialog.waitFor();
    const title = dialog.getByRole('textbox', { name: 'Title' });
    await title.fill('Changed my mind');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await box.count(), 0, 'Cancel inserted nothing');

    // Done with the required Title empty is refused and says why; then it is accepted.
    await toolbar.getByRole('button', { name: 'Insert', exact: true }).click();
    await menu.getByRole('menuitem', { name: 'Callout' }).click();
    await dialog.waitFor();
    assert.equal(await title.inputValue(), '', 'Cancel kept nothing of what was typed');
    await dialog.getByRole('button', { name: /Tone/ }).click();
    await page.getByRole('option', { name: 'Warning' }).click();
    await dialog.getByRole('button', { name: 'Done' }).click();
    // A required text is one of at least one character: the message says so.
    await dialog.getByText('Title must not be empty', { exact: true }).waitFor();
    assert.equal(await dialog.getByRole('textbox', { name: 'Title' }).getAttribute('aria-invalid'), 'true');
    await shot(page, 'component-dialog-refused');
    await title.fill('Mind the "gap"');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await box.locator('.editor-component-label').textContent(), 'Callout');
    assert.deepEqual(await shownProps(box), ['Tone warning', 'Title Mind the "gap"']);
    assert.equal(await box.getByText('Contains invalid fields. Please edit.').count(), 0);
    await shot(page, 'component-box');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await saved(page);
    assert.equal(site.read(`${post}.mdoc`), `${before}\n{% callout tone="warning" title="Mind the \\"gap\\"" /%}\n`);
  }));

test('a Callout from the "/" menu, one from the file edited, one removed', () =>
  journey(
    async ({ page, open, site }) => {
      const before = site.read(`${post}.mdoc`);
      await open('/keystatic/collection/posts/item/welcome-to-the-journal');
      const boxes = page.locator('.ProseMirror [data-component="callout"]');
      await boxes.first().waitFor();
      assert.equal(await boxes.count(), 2);
      assert.deepEqual(await shownProps(boxes.nth(0)), ['Tone note', 'Title First']);
      assert.deepEqual(await shownProps(boxes.nth(1)), ['Tone warning', 'Title Second']);

      // The file's values are in the dialog.
      await boxes.nth(0).getByRole('button', { name: 'Edit' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Callout' });
      assert.equal(await dialog.getByRole('textbox', { name: 'Title' }).inputValue(), 'First');
      await dialog.getByRole('textbox', { name: 'Title' }).fill('First, edited');
      await dialog.getByRole('button', { name: 'Done' }).click();
      await dialog.waitFor({ state: 'detached' });

      await boxes.nth(1).getByRole('button', { name: 'Remove' }).click();
      assert.equal(await boxes.count(), 1);

      await newParagraphAtEnd(page);
      await page.keyboard.type('/call');
      await page.getByRole('listbox', { name: 'Insert menu' }).getByRole('option', { name: /^Callout/ }).waitFor();
      await page.keyboard.press('Enter');
      assert.equal(await boxes.count(), 2);
      await dialog.getByRole('textbox', { name: 'Title' }).fill('Third');
      await dialog.getByRole('button', { name: 'Done' }).click();
      await dialog.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await saved(page);
      assert.equal(
        site.read(`${post}.mdoc`),
        before
          .replace('{% callout title="First" /%}', '{% callout tone="note" title="First, edited" /%}')
          .replace('\n{% callout tone="warning" title="Second" /%}\n', '') + '\n{% callout tone="note" title="Third" /%}\n',
      );
    },
    {
      prepare: (site) => {
        const text = site.read(`${post}.mdoc`);
        site.write(
          `${post}.mdoc`,
          text.replace(
            '# Welcome\n',
            '# Welcome\n\n{% callout title="First" /%}\n\n{% callout tone="warning" title="Second" /%}\n',
          ),
        );
      },
    },
  ));

test('on a phone, a Callout in a table cell keeps its Edit and Remove inside its box', () =>
  journey(
    async ({ page, open }) => {
      await open('/keystatic/collection/posts/item/welcome-to-the-journal');
      const cell = page.locator('.ProseMirror td').first();
      await cell.click();
      await page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Insert', exact: true }).click();
      await page.getByRole('menu').getByRole('menuitem', { name: 'Callout' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Callout' });
      await dialog.getByRole('textbox', { name: 'Title' }).fill('In a cell');
      await dialog.getByRole('button', { name: 'Done' }).click();
      await dialog.waitFor({ state: 'detached' });
      const box = cell.locator('[data-component="callout"]');
      await box.waitFor();
      await shot(page, 'component-in-cell-phone');
      const outer = await box.boundingBox();
      for (const name of ['Edit', 'Remove']) {
        const button = await box.getByRole('button', { name }).boundingBox();
        assert.ok(button.x >= outer.x && button.x + button.width <= outer.x + outer.width + 0.5, `${name} is inside the box`);
      }
      await box.getByRole('button', { name: 'Edit' }).click();
      await page.getByRole('dialog', { name: 'Edit Callout' }).waitFor();
    },
    {
      viewport: { width: 390, height: 800 },
      prepare: (site) => {
        const text = site.read(`${post}.mdoc`);
        site.write(`${post}.mdoc`, `${text}\n{% table %}\n- Key\n- Value\n- More\n---\n- a\n- 1\n- 2\n{% /table %}\n`);
      },
    },
  ));
