// Images inside a post's Markdoc body: inserted from the toolbar's file picker and by paste, named
// and described in the details dialog, saved beside the content (`<entry dir>/content/<file>`) with
// the Markdoc Keystatic writes; removing one deletes its file, and an empty file shows as missing;
// a component's image and file props keep their files where Keystatic keeps them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { png } from '../helpers/images.mjs';
import { formatting, newParagraphAtEnd, settled, WELCOME } from '../helpers/editor.mjs';
import { journey, MOD, saved } from '../helpers/journey.mjs';

const post = WELCOME;

test('an image from the file picker is named in its dialog and saved beside the content', () =>
  journey(async ({ page, open, site }) => {
    const before = site.read(`${post}.mdoc`);
    await open(`/keystatic/collection/posts/item/welcome-to-the-journal`);
    await newParagraphAtEnd(page);

    const picture = png(4, 3);
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), formatting(page, 'Image')]);
    await chooser.setFiles({ name: 'Cover Photo.png', mimeType: 'image/png', buffer: picture });
    const shown = await page.locator('.ProseMirror .editor-image img').elementHandle();
    await page.waitForFunction((img) => img.complete && img.naturalWidth === 4, shown);

    // The inserted image is selected: its popover edits the details.
    await page.getByRole('button', { name: 'Edit image details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Image details' });
    const name = dialog.getByRole('textbox', { name: 'File name' });
    assert.equal(await name.inputValue(), 'Cover Photo');
    await dialog.getByText('.png', { exact: true }).waitFor();
    await name.fill('');
    await dialog.getByRole('textbox', { name: 'Alt text' }).click();
    await dialog.getByText('Please provide a file name.').waitFor();
    await name.fill('cover');
    await dialog.getByRole('textbox', { name: 'Alt text' }).fill('A cover');
    await dialog.getByText('This text will be used by screen readers and search engines.').waitFor();
    await dialog.getByRole('textbox', { name: 'Title' }).fill('Front');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The details are in the document before the entry is saved.
    await page.locator('.ProseMirror img[alt="A cover"]').waitFor();

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await saved(page);
    assert.deepEqual(site.readBytes(`${post}/content/cover.png`), picture);
    assert.equal(site.read(`${post}.mdoc`), `${before}\n![A cover](cover.png "Front")\n`);
  }));

test('the image button offers images, and a file that is no image is refused with a message', () =>
  journey(async ({ page, open }) => {
    await open(`/keystatic/collection/posts/item/welcome-to-the-journal`);
    await newParagraphAtEnd(page);
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), formatting(page, 'Image')]);
    assert.match(await chooser.element().getAttribute('accept'), /\.png/);
    await chooser.setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    const notice = page.getByRole('alert').filter({ hasText: 'notes.txt is not an image.' });
    await notice.waitFor();
    assert.equal(await page.locator('.ProseMirror .editor-image').count(), 0);
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    assert.equal(await page.getByText('notes.txt is not an image.').count(), 0);
  }));

test('a pasted image goes in; removing it deletes its file; an empty file shows as missing', () =>
  journey(
    async ({ page, open, site }) => {
      const before = site.read(`${post}.mdoc`);
      await open(`/keystatic/collection/posts/item/welcome-to-the-journal`);
      await page.locator('.ProseMirror').getByText('Missing image empty.png').waitFor();
      // A src whose file the entry does not have is text, as written.
      await page.locator('.ProseMirror').getByText('![Gone](gone.png)').waitFor();

      await newParagraphAtEnd(page);
      const picture = png(2, 2, [10, 120, 200]);
      await page.locator('.ProseMirror').evaluate((element, bytes) => {
        const data = new DataTransfer();
        data.items.add(new File(['not an image'], 'notes.txt', { type: 'text/plain' }));
        data.items.add(new File([new Uint8Array(bytes)], 'pasted.png', { type: 'image/png' }));
        data.items.add(new File([new Uint8Array(bytes)], 'second.png', { type: 'image/png' }));
        element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      }, [...picture]);
      const shown = await page.locator('.ProseMirror .editor-image img').elementHandle();
      await page.waitForFunction((img) => img.complete && img.naturalWidth === 2, shown);
      assert.equal(await page.locator('.ProseMirror .editor-image img').count(), 1, 'only the first image goes in');

      // The missing image is removed through its popover.
      await page.locator('.ProseMirror').getByText('Missing image empty.png').click();
      await page.getByRole('button', { name: 'Remove', exact: true }).click();
      await page.locator('.ProseMirror').getByText('Missing image empty.png').waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await saved(page);
      assert.deepEqual(site.readBytes(`${post}/content/pasted.png`), picture);
      assert.equal(site.readBytes(`${post}/content/empty.png`), null, 'the removed image is deleted');
      assert.equal(site.read(`${post}.mdoc`), `${before.replace('![Empty](empty.png)\n\n', '')}\n![](pasted.png)\n`);
    },
    {
      prepare: (site) => {
        const text = site.read(`${post}.mdoc`);
        site.write(`${post}.mdoc`, text.replace('# Welcome\n', '# Welcome\n\n![Empty](empty.png)\n\n![Gone](gone.png)\n'));
      },
      files: { [`${post}/content/empty.png`]: new Uint8Array() },
    },
  ));

test('text with an image copied from one entry and pasted into another carries the image file with it', () =>
  journey(async ({ page, open, site }) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
    await open(`/keystatic/collection/posts/item/welcome-to-the-journal`);
    await newParagraphAtEnd(page);
    await page.keyboard.type('Before ');
    const picture = png(4, 3);
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), formatting(page, 'Image')]);
    await chooser.setFiles({ name: 'dot.png', mimeType: 'image/png', buffer: picture });
    await page.locator('.ProseMirror .editor-image img').waitFor();
    await page.locator('.ProseMirror').getByText('Before').click();
    await page.keyboard.press('End');
    await page.keyboard.press('Shift+Home');
    await settled(page);
    await page.keyboard.press(`${MOD}+c`);

    // The other entry is left without saving the first: the bytes travel in the clipboard.
    await open('/keystatic/collection/posts/item/writing-with-git');
    await page.locator('.ProseMirror').getByText('Reviews happen in pull requests').click();
    await page.keyboard.press(`${MOD}+End`);
    await settled(page);
    await page.keyboard.press('Enter');
    await page.keyboard.press(`${MOD}+v`);
    await page.locator('.ProseMirror .editor-image img').waitFor();
    await page.keyboard.press(`${MOD}+s`);
    await saved(page);
    assert.match(site.read('content/posts/writing-with-git.mdoc'), /\nBefore !\[\]\(dot\.png\)\n$/);
    assert.deepEqual(site.readBytes('content/posts/writing-with-git/content/dot.png'), picture);
  }));

test("a component's image and file props take files: kept through an edit, replaced under a free name, saved where Keystatic keeps them", () =>
  journey(
    async ({ page, open, site }) => {
      await open('/keystatic/collection/pages/item/home');
      const figure = page.locator('.ProseMirror').getByText('FIGURE');
      await figure.waitFor();
      await page.locator('.ProseMirror p').first().click();
      await page.keyboard.press('End');
      await page.keyboard.type(' Welcome.');
      await page.getByRole('button', { name: 'Save' }).click();
      await saved(page);
      assert.equal(site.read('content/pages/home.mdoc'), '---\ntitle: Home\n---\nHello. Welcome.\n\n{% figure src="dog.png" /%}\n');
      assert.deepEqual(site.readBytes('content/pages/home/body/dog.png'), Buffer.from(png(2, 2)), 'the figure keeps its file');

      await page.locator('.ProseMirror').getByRole('button', { name: 'Edit', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Figure' });
      await dialog.getByText('dog.png', { exact: true }).waitFor();
      // Another picture under the same name goes in under a free one: the old file is not overwritten.
      const picture = png(3, 3);
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), dialog.getByRole('button', { name: 'Replace' }).first().click()]);
      await chooser.setFiles({ name: 'dog.png', mimeType: 'image/png', buffer: picture });
      await dialog.getByText('dog-1.png', { exact: true }).waitFor();
      const [attach] = await Promise.all([page.waitForEvent('filechooser'), dialog.getByRole('button', { name: 'Choose file' }).click()]);
      await attach.setFiles({ name: 'menu.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 menu') });
      await dialog.getByText('menu.pdf', { exact: true }).waitFor();
      await dialog.getByRole('button', { name: 'Done' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Save' }).click();
      await saved(page);

      assert.equal(
        site.read('content/pages/home.mdoc'),
        '---\ntitle: Home\n---\nHello. Welcome.\n\n{% figure src="dog-1.png" attachment="/files/home/menu.pdf" /%}\n',
      );
      assert.deepEqual(site.readBytes('content/pages/home/body/dog-1.png'), Buffer.from(picture));
      assert.equal(site.readBytes('content/pages/home/body/dog.png'), null, 'the replaced file goes');
      assert.equal(site.read('public/files/home/menu.pdf'), '%PDF-1.4 menu');
      assert.equal(site.read('content/pages/home/body/notes.txt'), 'kept', 'a file no prop named stays');

      // Opened again, the block shows its props as written, and its dialog their files.
      await page.reload();
      await page.locator('.ProseMirror [data-component="figure"]').getByText('/files/home/menu.pdf', { exact: true }).waitFor();
      await page.locator('.ProseMirror').getByRole('button', { name: 'Edit', exact: true }).click();
      await dialog.getByText('dog-1.png', { exact: true }).waitFor();
      await dialog.getByText('menu.pdf', { exact: true }).waitFor();
    },
    {
      files: {
        'quire.yaml': [
          'storage:',
          '  kind: local',
          'collections:',
          '  pages:',
          '    label: Pages',
          '    path: content/pages/*',
          '    slugField: title',
          '    format: { contentField: body }',
          '    schema:',
          '      title: { kind: slug, label: Title }',
          '      body:',
          '        kind: markdoc',
          '        label: Body',
          '        components:',
          '          figure:',
          '            kind: block',
          '            label: Figure',
          '            schema:',
          '              src: { kind: image, label: Picture }',
          '              attachment: { kind: file, label: Attachment, directory: public/files, publicPath: /files/ }',
          '',
        ].join('\n'),
        'content/pages/home.mdoc': '---\ntitle: Home\n---\nHello.\n\n{% figure src="dog.png" /%}\n',
        'content/pages/home/body/dog.png': png(2, 2),
        'content/pages/home/body/notes.txt': 'kept',
      },
    },
  ));
