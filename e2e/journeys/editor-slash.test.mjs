// The insert ("/") menu of a post's Markdoc body: the empty body's placeholder, opening at a block's
// start or after whitespace, filtering, Up/Down with wrap, Enter inserting a heading or a divider,
// Escape, 'No results…', closing on whitespace and when the slash goes; then the bytes saved.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { WELCOME, newParagraphAtEnd, shot } from '../helpers/editor.mjs';
import { journey, saved } from '../helpers/journey.mjs';

const post = WELCOME;

/** The names of the menu's options, in order, and the highlighted one. */
async function options(menu) {
  const all = menu.getByRole('option');
  const names = await all.allInnerTexts();
  const selected = await menu.getByRole('option', { selected: true }).allInnerTexts();
  return { names: names.map((name) => name.split('\n')[0]), selected: selected.map((name) => name.split('\n')[0]) };
}

test('an empty body shows the placeholder; "/" opens the menu where it stood', () =>
  journey(async ({ page, open }) => {
    await open('/keystatic/collection/posts/create');
    const body = page.getByRole('textbox', { name: 'Content' });
    const empty = body.locator('p').first();
    await empty.waitFor();
    // The hint is drawn by CSS from the paragraph's attribute: read what is drawn.
    const drawn = () => empty.evaluate((p) => getComputedStyle(p, '::before').content);
    assert.equal(await drawn(), '"Start writing or press \\"/\\" for commands..."');

    await body.click();
    await page.keyboard.type('/');
    const menu = page.getByRole('listbox', { name: 'Insert menu' });
    await menu.waitFor();
    assert.equal(await drawn(), 'none', 'the placeholder goes once something is typed');
    assert.deepEqual(await options(menu), {
      names: [
        'Callout',
        'Heading 1',
        'Heading 2',
        'Heading 3',
        'Heading 4',
        'Heading 5',
        'Heading 6',
        'Blockquote',
        'Code block',
        'Image',
        'Table',
        'Divider',
        'Numbered List',
        'Bullet List',
      ],
      selected: ['Callout'],
    });
    // The editor announces the highlighted option.
    const active = await body.getAttribute('aria-activedescendant');
    assert.equal(await page.locator(`[id="${active}"]`).innerText().then((t) => t.split('\n')[0]), 'Callout');

    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    assert.equal(await body.innerText(), '/');
  }));

test('filtering, wrapping, Enter, Escape, No results and closing; the saved bytes', () =>
  journey(async ({ page, open, site }) => {
    const before = site.read(`${post}.mdoc`);
    await open('/keystatic/collection/posts/item/welcome-to-the-journal');
    const body = page.getByRole('textbox', { name: 'Content' });
    const menu = page.getByRole('listbox', { name: 'Insert menu' });
    await newParagraphAtEnd(page);

    // A slash right after a word is text.
    await page.keyboard.type('and/or');
    await page.waitForTimeout(100);
    assert.equal(await menu.count(), 0, 'a slash after a word does not open the menu');

    // After a space it opens; a space right after the slash closes it again.
    await page.keyboard.type(' /');
    await menu.waitFor();
    await page.keyboard.type(' ');
    await menu.waitFor({ state: 'detached' });
    for (let i = 0; i < 'and/or / '.length; i++) await page.keyboard.press('Backspace');
    assert.equal(await body.locator('p').last().textContent(), '');

    // Filtering: the query matches labels with the spaces left out.
    await page.keyboard.type('/head');
    await menu.waitFor();
    const headings = ['Heading 1', 'Heading 2', 'Heading 3', 'Heading 4', 'Heading 5', 'Heading 6'];
    assert.deepEqual(await options(menu), { names: headings, selected: ['Heading 1'] });
    await page.keyboard.press('ArrowUp');
    assert.deepEqual((await options(menu)).selected, ['Heading 6'], 'Up from the first wraps to the last');
    await page.keyboard.press('ArrowDown');
    assert.deepEqual((await options(menu)).selected, ['Heading 1'], 'Down from the last wraps to the first');
    await page.keyboard.press('ArrowDown');
    assert.deepEqual((await options(menu)).selected, ['Heading 2']);
    // Spaces are part of the query, as the labels have them.
    await page.keyboard.type('ing 2');
    assert.deepEqual(await options(menu), { names: ['Heading 2'], selected: ['Heading 2'] });

    // Enter inserts: the slash and its query go, the paragraph becomes a heading.
    await page.keyboard.press('Enter');
    await menu.waitFor({ state: 'detached' });
    await page.keyboard.type('Next steps');
    await body.getByRole('heading', { level: 2, name: 'Next steps' }).waitFor();

    // Removing the slash closes the menu.
    await page.keyboard.press('Enter');
    await page.keyboard.type('/ta');
    await menu.getByRole('option', { name: /^Table/ }).waitFor();
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await menu.waitFor();
    await page.keyboard.press('Backspace');
    await menu.waitFor({ state: 'detached' });

    // Nothing matches: 'No results…'; Escape closes and keeps the text as typed.
    await page.keyboard.type('/zzz');
    await menu.getByText('No results…', { exact: true }).waitFor();
    assert.equal(await menu.getByRole('option').count(), 0);
    await shot(page, 'slash-no-results');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    // (The document keeps a paragraph after the heading: the text went into the one Enter made.)
    assert.equal(await body.locator('h2 + p').textContent(), '/zzz');
    for (let i = 0; i < 4; i++) await page.keyboard.press('Backspace');
    // A space after a query nothing matches says it was text: the menu closes.
    await page.keyboard.type('/zzz');
    await menu.waitFor();
    await page.keyboard.type(' ');
    await menu.waitFor({ state: 'detached' });
    for (let i = 0; i < 5; i++) await page.keyboard.press('Backspace');

    // A divider from the menu, picked with the mouse.
    await page.keyboard.type('/');
    await menu.getByRole('option', { name: /^Divider/ }).click();
    await menu.waitFor({ state: 'detached' });
    assert.equal(await body.locator('hr').count(), 1);
    await page.keyboard.type('The end.');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await saved(page);
    assert.equal(site.read(`${post}.mdoc`), `${before}\n## Next steps\n\n---\n\nThe end.\n`);
  }));

/** Waits until `check` answers true, or fails with `message()`. */
async function eventually(check, message) {
  for (let tries = 0; tries < 40; tries++) {
    if (await check()) return;
    await new Promise((wait) => setTimeout(wait, 50));
  }
  assert.fail(message());
}

test('near the bottom of the window the menu opens above the slash, whole', () =>
  journey(
    async ({ page, open }) => {
      await open('/keystatic/collection/posts/item/welcome-to-the-journal');
      const body = page.getByRole('textbox', { name: 'Content' });
      const menu = page.getByRole('listbox', { name: 'Insert menu' });
      const height = page.viewportSize().height;

      // What loads after the form shows (images, the slug list) is in before lines are measured.
      await page.waitForLoadState('networkidle');
      // The last paragraph whose line ends within the last 80 pixels of the window.
      await body.getByText('Paragraph 29.').scrollIntoViewIfNeeded();
      const near = await body.locator('p').evaluateAll(
        (paragraphs, bottom) => paragraphs.map((p) => [p.textContent, p.getBoundingClientRect().bottom]).filter(([, at]) => at < bottom && at > bottom - 80).pop()?.[0],
        height,
      );
      assert.ok(near, 'a paragraph sits near the bottom of the window');
      await body.getByText(near, { exact: true }).click();
      // The editor reads the caret's move from the selectionchange that follows Home (its listener
      // runs before this one): typed before that, the slash would land where the click put it.
      const caretRead = page.evaluate(
        (text) =>
          new Promise((resolve) => {
            const atStart = () => {
              const selection = getSelection();
              if (selection?.anchorNode?.textContent !== text || selection.anchorOffset !== 0) return;
              document.removeEventListener('selectionchange', atStart);
              setTimeout(resolve, 0);
            };
            document.addEventListener('selectionchange', atStart);
          }),
        near,
      );
      await page.keyboard.press('Home');
      await caretRead;
      await page.keyboard.type('/');
      await menu.waitFor();
      await shot(page, 'slash-near-bottom');
      // The menu is placed once it is drawn and measured (and the page may scroll the caret into
      // view meanwhile): both are measured again until it settles.
      let seen = null;
      const above = async () => {
        const box = await menu.boundingBox();
        const slash = await body.getByText(new RegExp(`^/(divi)?${near.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)).boundingBox();
        seen = { menu: box, slash, height };
        return box !== null && slash !== null && box.y + box.height <= slash.y + 1 && box.y >= 0 && box.y + box.height <= height;
      };
      await eventually(above, () => `the menu is above the slash, inside the window: ${JSON.stringify(seen)}`);
      assert.ok(await menu.getByRole('option', { name: /^Callout/ }).isVisible());

      // It stays there while the query narrows it, and Enter still inserts.
      await page.keyboard.type('divi');
      await menu.getByRole('option').first().getByText('Divider').waitFor();
      await eventually(above, () => `still above the slash: ${JSON.stringify(seen)}`);
      await page.keyboard.press('Enter');
      await menu.waitFor({ state: 'detached' });
      assert.equal(await body.locator('hr').count(), 1);
    },
    {
      viewport: { width: 1280, height: 700 },
      prepare: (site) => {
        const text = site.read(`${post}.mdoc`);
        site.write(`${post}.mdoc`, text + Array.from({ length: 30 }, (_, i) => `\nParagraph ${i}.\n`).join(''));
      },
    },
  ));

test("a slash near the editor's right edge opens the menu inside the editor", () =>
  journey(async ({ page, open }) => {
    await open('/keystatic/collection/posts/item/welcome-to-the-journal');
    const body = page.getByRole('textbox', { name: 'Content' });
    const menu = page.getByRole('listbox', { name: 'Insert menu' });
    await newParagraphAtEnd(page);
    await page.keyboard.type('Words to fill the line up to near its right edge, and then /');
    await menu.waitFor();
    await shot(page, 'slash-right-edge');
    const slash = await body.locator('p').last().boundingBox();
    const frame = await page.locator('.editor').boundingBox();
    const box = await menu.boundingBox();
    assert.ok(slash.x + slash.width > frame.x + frame.width - 320, 'the slash is less than a menu away from the edge');
    assert.ok(box.x >= frame.x && box.x + box.width <= frame.x + frame.width + 0.5, 'the menu is inside the editor');
    // Moving through the results scrolls the menu only, never the page sideways.
    await page.keyboard.press('ArrowUp');
    assert.ok(await menu.getByRole('option', { name: /^Bullet List/, selected: true }).isVisible());
    assert.equal(
      await page.evaluate(() => [...document.querySelectorAll('*')].filter((element) => element.scrollLeft > 0).length),
      0,
      'nothing scrolled sideways',
    );
  }));
