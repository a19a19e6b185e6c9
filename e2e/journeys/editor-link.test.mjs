// Links in a post's Markdoc body: mod+k on a selection opens 'Add link', an invalid address shows
// 'Please provide a valid URL.' once the field is left, a valid one makes the link; the link's
// popover opens it in a new tab (noopener noreferrer), edits it in 'Edit link' and unlinks it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { WELCOME, shot } from '../helpers/editor.mjs';
import { MOD, journey, saved } from '../helpers/journey.mjs';

const post = WELCOME;

/** Selects `words` in the body's text, as a drag over them would. */
async function select(page, words) {
  await page.locator('.ProseMirror').getByText(words).first().click();
  await page.locator('.ProseMirror').evaluate((root, wanted) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const at = node.data.indexOf(wanted);
      if (at === -1) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + wanted.length);
      getSelection().removeAllRanges();
      getSelection().addRange(range);
      return;
    }
    throw new Error(`no text "${wanted}"`);
  }, words);
  await page.waitForFunction((wanted) => getSelection()?.toString() === wanted, words);
}

test('mod+k adds a link to the selection; the address must be valid', () =>
  journey(async ({ page, open, site }) => {
    const before = site.read(`${post}.mdoc`);
    await open('/keystatic/collection/posts/item/welcome-to-the-journal');
    await select(page, 'Markdoc file');
    await page.keyboard.press(`${MOD}+k`);

    const dialog = page.getByRole('dialog', { name: 'Add link' });
    await dialog.waitFor();
    const text = dialog.getByRole('textbox', { name: 'Text' });
    assert.equal(await text.inputValue(), 'Markdoc file');
    assert.equal(await text.getAttribute('readonly'), '');
    const href = dialog.getByRole('textbox', { name: 'Link' });
    assert.equal(await href.evaluate((input) => input === document.activeElement), true, 'the address has the focus');
    assert.equal(await href.getAttribute('aria-required'), 'true');

    // No message while typing; it comes once the field is left, and Save is refused meanwhile.
    await page.keyboard.type('markdoc dot dev');
    assert.equal(await dialog.getByText('Please provide a valid URL.').count(), 0);
    await page.keyboard.press('Tab');
    await dialog.getByText('Please provide a valid URL.', { exact: true }).waitFor();
    assert.equal(await href.getAttribute('aria-invalid'), 'true');
    await shot(page, 'link-invalid');
    await dialog.getByRole('button', { name: 'Save' }).click();
    assert.equal(await dialog.isVisible(), true, 'an invalid address is not saved');
    assert.equal(await page.locator('.ProseMirror a').count(), 0);

    await href.fill('https://markdoc.dev');
    await dialog.getByText('Please provide a valid URL.').waitFor({ state: 'detached' });
    await href.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    const link = page.locator('.ProseMirror a');
    assert.equal(await link.innerText(), 'Markdoc file');
    assert.equal(await link.getAttribute('href'), 'https://markdoc.dev');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await saved(page);
    assert.equal(
      site.read(`${post}.mdoc`),
      before.replace('Every post is a Markdoc file with', 'Every post is a [Markdoc file](https://markdoc.dev) with'),
    );
  }));

test("a link's popover opens it, edits it in 'Edit link' and unlinks it", () =>
  journey(
    async ({ page, open, site }) => {
      const before = site.read(`${post}.mdoc`);
      await open('/keystatic/collection/posts/item/welcome-to-the-journal');
      const body = page.locator('.ProseMirror');
      await body.getByRole('link', { name: 'git repository' }).click();

      // The popover: the address opening in a new tab, Edit link, Unlink.
      const opens = page.getByRole('link', { name: 'https://git-scm.com' });
      await opens.waitFor();
      assert.equal(await opens.getAttribute('href'), 'https://git-scm.com');
      assert.equal(await opens.getAttribute('target'), '_blank');
      assert.equal(await opens.getAttribute('rel'), 'noopener noreferrer');
      assert.equal(await opens.getAttribute('title'), 'Open link in new tab');
      await page.getByRole('button', { name: 'Unlink' }).waitFor();
      await shot(page, 'link-popover');

      await page.getByRole('button', { name: 'Edit link' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit link' });
      await dialog.waitFor();
      assert.equal(await dialog.getByRole('textbox', { name: 'Text' }).inputValue(), 'git repository');
      const href = dialog.getByRole('textbox', { name: 'Link' });
      assert.equal(await href.inputValue(), 'https://git-scm.com');
      await shot(page, 'link-edit');
      // Cancel keeps the link as it was.
      await href.fill('https://example.com');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      assert.equal(await body.getByRole('link', { name: 'git repository' }).getAttribute('href'), 'https://git-scm.com');

      await body.getByRole('link', { name: 'git repository' }).click();
      await page.getByRole('button', { name: 'Edit link' }).click();
      await dialog.waitFor();
      await href.fill('https://git-scm.com/book');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });
      assert.equal(await body.getByRole('link', { name: 'git repository' }).getAttribute('href'), 'https://git-scm.com/book');
      // The caret stays in the link: its popover shows the new address.
      await page.getByRole('link', { name: 'https://git-scm.com/book' }).waitFor();

      // The second link goes with Unlink; its words stay.
      await body.getByRole('link', { name: 'plain' }).click();
      await page.getByRole('button', { name: 'Unlink' }).click();
      assert.equal(await body.getByRole('link', { name: 'plain' }).count(), 0);
      await body.getByText('This journal is written in plain files kept in a git repository.').waitFor();
      assert.equal(await page.getByRole('button', { name: 'Unlink' }).count(), 0, 'the popover goes with the link');

      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await saved(page);
      assert.equal(
        site.read(`${post}.mdoc`),
        before
          .replace('[git repository](https://git-scm.com)', '[git repository](https://git-scm.com/book)')
          .replace('[plain](https://plaintext.example)', 'plain'),
      );
    },
    {
      prepare: (site) => {
        const text = site.read(`${post}.mdoc`);
        site.write(
          `${post}.mdoc`,
          text.replace(
            'written in **plain files** kept in a git repository.',
            'written in [plain](https://plaintext.example) files kept in a [git repository](https://git-scm.com).',
          ),
        );
      },
    },
  ));

test('mod+k at a cursor adds the address as its own text; mod+k on a link removes it', () =>
  journey(async ({ page, open, site }) => {
    const before = site.read(`${post}.mdoc`);
    await open('/keystatic/collection/posts/item/welcome-to-the-journal');
    const body = page.locator('.ProseMirror');
    await body.getByText('Every post is a Markdoc file').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' See ');
    await page.keyboard.press(`${MOD}+k`);
    const dialog = page.getByRole('dialog', { name: 'Add link' });
    await dialog.waitFor();
    assert.equal(await dialog.getByRole('textbox', { name: 'Text' }).count(), 0, 'no text to show for a cursor');
    await page.keyboard.type('https://markdoc.dev/docs');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await body.getByRole('link', { name: 'https://markdoc.dev/docs' }).getAttribute('href'), 'https://markdoc.dev/docs');

    // The toolbar's Link button is pressed inside a link; mod+k there removes the link.
    await body.getByRole('link', { name: 'https://markdoc.dev/docs' }).click();
    const toolbarLink = page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Link', exact: true });
    assert.equal(await toolbarLink.getAttribute('aria-pressed'), 'true');
    await page.keyboard.press(`${MOD}+k`);
    assert.equal(await body.getByRole('link').count(), 0);
    assert.equal(await toolbarLink.getAttribute('aria-pressed'), 'false');
    await page.keyboard.press(`${MOD}+z`);
    await body.getByRole('link', { name: 'https://markdoc.dev/docs' }).waitFor();

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await saved(page);
    assert.equal(
      site.read(`${post}.mdoc`),
      before.replace('little YAML at the top.', 'little YAML at the top. See [https://markdoc.dev/docs](https://markdoc.dev/docs)'),
    );
  },
    // Wide enough for the whole toolbar on one row: its Link button shows whether it is pressed.
    { viewport: { width: 1600, height: 900 } },
  ));

test("a link near the editor's right edge keeps its popover whole inside the editor", () =>
  journey(
    async ({ page, open }) => {
      await open('/keystatic/collection/posts/item/welcome-to-the-journal');
      const body = page.locator('.ProseMirror');
      await body.getByRole('link', { name: 'repo' }).click();
      await page.getByRole('button', { name: 'Unlink' }).waitFor();
      await shot(page, 'link-popover-right');
      const frame = await page.locator('.editor').boundingBox();
      for (const control of [
        page.getByRole('link', { name: /^https:\/\/example\.com\/a\/very\/long/ }),
        page.getByRole('button', { name: 'Edit link' }),
        page.getByRole('button', { name: 'Unlink' }),
      ]) {
        const box = await control.boundingBox();
        assert.ok(box.x >= frame.x && box.x + box.width <= frame.x + frame.width, 'inside the editor');
      }
      assert.deepEqual(
        await page.evaluate(() => [...document.querySelectorAll('*')].filter((element) => element.scrollLeft > 0).length),
        0,
        'nothing scrolled sideways',
      );
      await page.getByRole('button', { name: 'Edit link' }).click();
      await page.getByRole('dialog', { name: 'Edit link' }).waitFor();
    },
    {
      prepare: (site) => {
        const text = site.read(`${post}.mdoc`);
        site.write(
          `${post}.mdoc`,
          text.replace(
            'kept in a git repository.',
            'kept in a git repository, and some more words so that this link lands near the right edge of the [repo](https://example.com/a/very/long/address/that/goes/on/and/on/index.html).',
          ),
        );
      },
    },
  ));
