// Arrays and blocks: adding through the item dialog, editing, reordering (Move up / Move down and
// dragging), removing, and the list written back in order; list lengths once validation is forced.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { journey, saved } from '../helpers/journey.mjs';

/** The visible text of each row of the list named `name`, in order. */
async function rows(page, name) {
  const list = page.getByRole('grid', { name }).getByRole('row');
  await list.first().waitFor();
  const texts = await list.allInnerTexts();
  return texts.map((text) => text.replace(/\s+/g, ' ').trim());
}

/**
 * Drags the row named `from` by its handle to just `position` the row named `to`, with the mouse.
 * The handle itself lets the pointer through to its row, which is what drags.
 */
async function dragRow(page, from, to, position) {
  const handle = await page.getByRole('button', { name: `Drag ${from}` }).boundingBox();
  const target = page.getByRole('row', { name: to });
  const box = await target.boundingBox();
  assert.ok(handle && box);
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 60, box.y + box.height / 2, { steps: 5 });
  await page.mouse.move(box.x + 60, position === 'before' ? box.y + 3 : box.y + box.height - 3, { steps: 5 });
  await page.mouse.up();
}

test('array items are added, edited, moved, dragged and removed, and written in order', () =>
  journey(async ({ page, open, site }) => {
    const before = site.read('content/settings.yaml');
    await open('/keystatic/singleton/settings');
    const links = page.getByRole('group', { name: 'Social links' });
    assert.deepEqual(await rows(page, 'Social links'), ['Mastodon', 'GitHub']);

    // The Add dialog refuses an invalid item and shows why; Cancel drops it.
    await links.getByRole('button', { name: 'Add' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add item' });
    await dialog.getByRole('button', { name: 'Add' }).click();
    await dialog.getByText('Label must not be empty').waitFor();
    await dialog.getByText('URL is required').waitFor();
    await dialog.getByRole('textbox', { name: 'Label' }).fill('Discarded');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.deepEqual(await rows(page, 'Social links'), ['Mastodon', 'GitHub']);

    await links.getByRole('button', { name: 'Add' }).click();
    dialog = page.getByRole('dialog', { name: 'Add item' });
    await dialog.getByRole('textbox', { name: 'Label' }).fill('Bluesky');
    const url = dialog.getByRole('textbox', { name: 'URL' });
    // The item object's layout [4, 8]: one row, the URL twice as wide as the label.
    const [labelBox, urlBox] = [await dialog.getByRole('textbox', { name: 'Label' }).boundingBox(), await url.boundingBox()];
    assert.ok(labelBox && urlBox && Math.abs(labelBox.y - urlBox.y) < 1, 'side by side');
    assert.ok(Math.abs(urlBox.width / labelBox.width - 2) < 0.25, `4 and 8 columns: ${labelBox.width} and ${urlBox.width}`);
    await url.fill('bsky');
    await url.blur();
    await dialog.getByText('URL is not a valid URL').waitFor();
    await url.fill('https://bsky.app/profile/quire');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.deepEqual(await rows(page, 'Social links'), ['Mastodon', 'GitHub', 'Bluesky']);

    // Pressing an item edits it.
    await page.getByRole('row', { name: 'Mastodon' }).getByText('Mastodon').click();
    dialog = page.getByRole('dialog', { name: 'Edit item' });
    assert.equal(await dialog.getByRole('textbox', { name: 'URL' }).inputValue(), 'https://mastodon.example/@quire');
    await dialog.getByRole('textbox', { name: 'Label' }).fill('Fediverse');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.deepEqual(await rows(page, 'Social links'), ['Fediverse', 'GitHub', 'Bluesky']);

    await page.getByRole('row', { name: 'Bluesky' }).getByRole('button', { name: 'Move up' }).click();
    assert.deepEqual(await rows(page, 'Social links'), ['Fediverse', 'Bluesky', 'GitHub']);
    await page.getByRole('row', { name: 'Fediverse' }).getByRole('button', { name: 'Move down' }).click();
    assert.deepEqual(await rows(page, 'Social links'), ['Bluesky', 'Fediverse', 'GitHub']);

    // Dragging GitHub by its handle (the mouse drags the whole row) onto the top of the first row.
    await dragRow(page, 'GitHub', 'Bluesky', 'before');
    assert.deepEqual(await rows(page, 'Social links'), ['GitHub', 'Bluesky', 'Fediverse']);

    await page.getByRole('row', { name: 'Fediverse' }).getByRole('button', { name: 'Remove' }).click();
    assert.deepEqual(await rows(page, 'Social links'), ['GitHub', 'Bluesky']);

    await page.getByRole('button', { name: 'Save' }).click();
    await saved(page);
    assert.equal(
      site.read('content/settings.yaml'),
      before.replace(
        'social:\n  - label: Mastodon\n    url: https://mastodon.example/@quire\n  - label: GitHub\n    url: https://github.com/example/quire-journal\n',
        'social:\n  - label: GitHub\n    url: https://github.com/example/quire-journal\n  - label: Bluesky\n    url: https://bsky.app/profile/quire\n',
      ),
    );
  }));

test('blocks of each kind are added from the menu, reordered from the keyboard, edited and removed', () =>
  journey(async ({ page, open, site }) => {
    await open('/keystatic/collection/pages/item/about');
    const builder = page.getByRole('group', { name: 'Page builder' });
    assert.deepEqual(await rows(page, 'Page builder'), ['Hero About the journal', 'Quote The editors']);

    await builder.getByRole('button', { name: 'Add' }).click();
    await page.getByRole('menuitem', { name: 'Hero' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add item' });
    await dialog.getByText('Hero', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Add' }).click();
    await dialog.getByText('Heading must not be empty').waitFor();
    await dialog.getByRole('textbox', { name: 'Heading', exact: true }).fill('Our story');
    await dialog.getByRole('textbox', { name: 'Subheading' }).fill('Since 2024');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await dialog.waitFor({ state: 'detached' });

    await builder.getByRole('button', { name: 'Add' }).click();
    await page.getByRole('menuitem', { name: 'Quote' }).click();
    dialog = page.getByRole('dialog', { name: 'Add item' });
    await dialog.getByRole('textbox', { name: 'Text', exact: true }).fill('Keep every draft.');
    await dialog.getByRole('textbox', { name: 'Attribution' }).fill('Mei Lin');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.deepEqual(await rows(page, 'Page builder'), [
      'Hero About the journal',
      'Quote The editors',
      'Hero Our story',
      'Quote Mei Lin',
    ]);

    // From the keyboard: ArrowRight reaches the row's handle, Enter picks the block up, arrows choose
    // where, Enter drops it.
    await page.getByRole('row', { name: 'Our story' }).focus();
    await page.keyboard.press('ArrowRight');
    assert.ok(await page.getByRole('button', { name: 'Drag Our story' }).evaluate((handle) => handle === document.activeElement));
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    assert.equal(
      await page.evaluate(() => document.activeElement?.getAttribute('aria-label')),
      'Insert between About the journal and The editors',
    );
    await page.keyboard.press('Enter');
    assert.deepEqual(await rows(page, 'Page builder'), [
      'Hero About the journal',
      'Hero Our story',
      'Quote The editors',
      'Quote Mei Lin',
    ]);

    await page.getByRole('row', { name: 'The editors' }).getByText('The editors').click();
    dialog = page.getByRole('dialog', { name: 'Edit item' });
    await dialog.getByText('Quote', { exact: true }).waitFor();
    assert.equal(
      await dialog.getByRole('textbox', { name: 'Text', exact: true }).inputValue(),
      'We write in plain text,\nand we keep every change.',
    );
    await dialog.getByRole('textbox', { name: 'Attribution' }).fill('The editorial team');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('row', { name: 'About the journal' }).getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('row', { name: 'Mei Lin' }).getByRole('button', { name: 'Move up' }).click();
    assert.deepEqual(await rows(page, 'Page builder'), ['Hero Our story', 'Quote Mei Lin', 'Quote The editorial team']);

    await page.getByRole('button', { name: 'Save' }).click();
    await saved(page);
    assert.equal(
      site.read('content/pages/about.yaml'),
      [
        'title: About',
        'nav:',
        '  label: About us',
        '  order: 2',
        'sections:',
        '  - discriminant: hero',
        '    value:',
        '      heading: Our story',
        '      subheading: Since 2024',
        '  - discriminant: quote',
        '    value:',
        '      text: Keep every draft.',
        '      attribution: Mei Lin',
        '  - discriminant: quote',
        '    value:',
        '      text: |-',
        '        We write in plain text,',
        '        and we keep every change.',
        '      attribution: The editorial team',
        '',
      ].join('\n'),
    );
  }));

const CROWDED_POST = [
  '---',
  'title: Crowded',
  'publishedDate: 2024-05-01',
  'draft: false',
  'category: news',
  'tags: []',
  'relatedPosts:',
  '  - writing-with-git',
  '  - images-and-assets',
  '  - plain-files-age-well',
  '  - the-case-for-schemas',
  'gallery:',
  ...[1, 2, 3, 4, 5, 6, 7].flatMap((n) => [`  - image: /images/posts/crowded/gallery/${n - 1}/image.png`, `    caption: Photo ${n}`]),
  'cta:',
  '  discriminant: false',
  '---',
  'Too many pictures.',
  '',
].join('\n');

test('list lengths show only once validation is forced, and keep an invalid entry from saving', () =>
  journey(
    async ({ page, open, site }) => {
      await open('/keystatic/collection/pages/item/about');
      const builder = page.getByRole('group', { name: 'Page builder' });
      await builder.getByRole('row').first().waitFor();
      for (const name of ['About the journal', 'The editors']) {
        await page.getByRole('row', { name }).getByRole('button', { name: 'Remove' }).click();
      }
      await builder.getByText('Empty list').waitFor();
      assert.equal(await page.getByText('Must have at least 1 item(s).').count(), 0, 'not shown before a save is tried');
      const about = site.read('content/pages/about.yaml');
      await page.getByRole('button', { name: 'Save' }).click();
      await builder.getByText('Must have at least 1 item(s).').waitFor();
      assert.equal(site.read('content/pages/about.yaml'), about);

      const post = 'content/posts/crowded.mdoc';
      await open('/keystatic/collection/posts/item/crowded');
      const gallery = page.getByRole('group', { name: 'Gallery' });
      await gallery.getByRole('row', { name: 'Photo 7' }).waitFor();
      assert.equal(await page.getByText('Must have at most 6 item(s).').count(), 0);
      assert.equal(await page.getByText('Must have at most 3 item(s).').count(), 0);
      await page.getByRole('textbox', { name: 'Summary' }).fill('Fewer pictures');
      await page.getByRole('button', { name: 'Save' }).click();
      await gallery.getByText('Must have at most 6 item(s).').waitFor();
      await page.getByText('Must have at most 3 item(s).').waitFor();
      assert.equal(site.read(post), CROWDED_POST);

      // Back within bounds, the messages go and the entry saves.
      await gallery.getByRole('row', { name: 'Photo 7' }).getByRole('button', { name: 'Remove' }).click();
      await page.getByRole('button', { name: 'Remove the-case-for-schemas', exact: true }).click();
      assert.equal(await page.getByText('Must have at most 6 item(s).').count(), 0);
      assert.equal(await page.getByText('Must have at most 3 item(s).').count(), 0);
      await page.getByRole('button', { name: 'Save' }).click();
      await saved(page);
      assert.equal(
        site.read(post),
        CROWDED_POST.replace('draft: false', 'summary: Fewer pictures\ndraft: false')
          .replace('  - the-case-for-schemas\n', '')
          .replace('  - image: /images/posts/crowded/gallery/6/image.png\n    caption: Photo 7\n', ''),
      );
    },
    { files: { 'content/posts/crowded.mdoc': CROWDED_POST } },
  ));

test("in dark mode a block's kind badge (Hero, Quote) is readable: 4.5:1 at least", () =>
  journey(async ({ page, open }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await open('/keystatic/collection/pages/item/about');
    const badge = page.getByRole('group', { name: 'Page builder' }).locator('.item-kind').first();
    await badge.waitFor();
    const ratio = await badge.evaluate((element) => {
      const channels = (color) => color.match(/[\d.]+/g).slice(0, 3).map(Number);
      const luminance = (color) => {
        const [r, g, b] = channels(color).map((value) => {
          const c = value / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      const style = getComputedStyle(element);
      const [light, dark] = [luminance(style.color), luminance(style.backgroundColor)].sort((a, b) => b - a);
      return (light + 0.05) / (dark + 0.05);
    });
    assert.ok(ratio >= 4.5, `contrast ${ratio.toFixed(2)}:1`);
  }));
