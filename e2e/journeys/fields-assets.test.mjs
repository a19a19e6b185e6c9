// Image and file fields: uploads from the file picker are written where the stored string says,
// replacing or removing one deletes the old file, and list items carry their assets when they move.
// Cloud images: pasting JSON, Markdown or a URL, whole-number dimensions and the proportion lock.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { png } from '../helpers/images.mjs';
import { MOD, journey, saved } from '../helpers/journey.mjs';

/** A 1×1 GIF. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** Picks `file` with the file picker that `button` opens. */
async function choose(page, button, file) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), button.click()]);
  await chooser.setFiles(file);
}

test('an uploaded image is written under its directory and slug; replacing and removing it delete the old file', () =>
  journey(async ({ page, open, site }) => {
    const entry = 'content/authors/tomas-reyes.yaml';
    const before = site.read(entry);
    await open('/keystatic/collection/authors/item/tomas-reyes');
    const avatar = page.getByRole('group', { name: 'Avatar' });

    // A file that is not an image is refused with a message.
    await choose(page, avatar.getByRole('button', { name: 'Choose image' }), {
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await avatar.getByText('notes.txt is not an image.').waitFor();

    const portrait = png(4, 3);
    await choose(page, avatar.getByRole('button', { name: 'Choose image' }), {
      name: 'Portrait.png',
      mimeType: 'image/png',
      buffer: portrait,
    });
    await avatar.getByText('Portrait.png').waitFor();
    await avatar.getByText(`${portrait.length} B`).waitFor();
    const preview = await avatar.locator('img').elementHandle();
    await page.waitForFunction((img) => img.complete && img.naturalWidth === 4, preview);
    await page.getByRole('button', { name: 'Save' }).click();
    await saved(page);
    const png_ = 'public/images/authors/tomas-reyes/avatar.png';
    assert.deepEqual(site.readBytes(png_), portrait);
    assert.equal(
      site.read(entry),
      before.replace('featured: false', 'avatar: /images/authors/tomas-reyes/avatar.png\nfeatured: false'),
    );

    await choose(page, avatar.getByRole('button', { name: 'Replace' }), { name: 'dot.gif', mimeType: 'image/gif', buffer: GIF });
    await avatar.getByText('dot.gif').waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await saved(page);
    assert.equal(site.readBytes(png_), null, 'the replaced file is deleted');
    assert.deepEqual(site.readBytes('public/images/authors/tomas-reyes/avatar.gif'), GIF);
    assert.equal(
      site.read(entry),
      before.replace('featured: false', 'avatar: /images/authors/tomas-reyes/avatar.gif\nfeatured: false'),
    );

    await avatar.getByRole('button', { name: 'Remove' }).click();
    await avatar.getByRole('button', { name: 'Choose image' }).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await saved(page);
    assert.equal(site.readBytes('public/images/authors/tomas-reyes/avatar.gif'), null, 'the removed file is deleted');
    assert.equal(site.read(entry), before);
  }));

test('a file field of a singleton writes under its directory; the replaced file goes', () =>
  journey(async ({ page, open, site }) => {
    const before = site.read('content/settings.yaml');
    await open('/keystatic/singleton/settings');
    const favicon = page.getByRole('group', { name: 'Favicon' });
    await favicon.getByText('favicon.ico').waitFor();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>\n');
    await choose(page, favicon.getByRole('button', { name: 'Replace' }), { name: 'mark.svg', mimeType: 'image/svg+xml', buffer: svg });
    await favicon.getByText('mark.svg').waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await saved(page);
    assert.deepEqual(site.readBytes('public/favicon.svg'), svg);
    assert.equal(site.readBytes('public/favicon.ico'), null);
    assert.equal(site.read('content/settings.yaml'), before.replace('favicon: /favicon.ico', 'favicon: /favicon.svg'));
  }));

test('a gallery item gets its image in the Add dialog, and moving items moves their files', () =>
  journey(async ({ page, open, site }) => {
    const entry = 'content/posts/images-and-assets.mdoc';
    const before = site.read(entry);
    const dir = 'public/images/posts/images-and-assets/gallery';
    const [dusk, morning] = [site.readBytes(`${dir}/0/image.png`), site.readBytes(`${dir}/1/image.png`)];
    await open('/keystatic/collection/posts/item/images-and-assets');
    const gallery = page.getByRole('group', { name: 'Gallery' });
    await gallery.getByRole('button', { name: 'Add' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add item' });
    await dialog.getByRole('textbox', { name: 'Caption' }).fill('Evening light');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await dialog.getByText('Image is required').waitFor();
    const evening = png(2, 2, [250, 160, 60]);
    await choose(page, dialog.getByRole('button', { name: 'Choose image' }), { name: 'evening.png', mimeType: 'image/png', buffer: evening });
    await dialog.getByText('evening.png').waitFor();
    assert.equal(await dialog.getByText('Image is required').count(), 0);
    await dialog.getByRole('button', { name: 'Add' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Save' }).click();
    await saved(page);
    assert.deepEqual(site.readBytes(`${dir}/2/image.png`), evening);
    const gallery3 = (images) =>
      'gallery:\n' +
      images.map(([n, caption]) => `  - image: /images/posts/images-and-assets/gallery/${n}/image.png\n    caption: ${caption}\n`).join('');
    const stored = gallery3([[0, 'Dusk over the hills'], [1, 'A clear morning']]);
    assert.equal(site.read(entry), before.replace(stored, gallery3([[0, 'Dusk over the hills'], [1, 'A clear morning'], [2, 'Evening light']])));

    // The new photo moves to the top: each image follows its item to the file of its new index.
    await page.getByRole('row', { name: 'Evening light' }).getByRole('button', { name: 'Move up' }).click();
    await page.getByRole('row', { name: 'Evening light' }).getByRole('button', { name: 'Move up' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await saved(page);
    assert.equal(site.read(entry), before.replace(stored, gallery3([[0, 'Evening light'], [1, 'Dusk over the hills'], [2, 'A clear morning']])));
    assert.deepEqual(site.readBytes(`${dir}/0/image.png`), evening);
    assert.deepEqual(site.readBytes(`${dir}/1/image.png`), dusk);
    assert.deepEqual(site.readBytes(`${dir}/2/image.png`), morning);

    // Removing an item deletes the file that no entry path names any more.
    await page.getByRole('row', { name: 'A clear morning' }).getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await saved(page);
    assert.equal(site.readBytes(`${dir}/2/image.png`), null);
    assert.equal(site.read(entry), before.replace(stored, gallery3([[0, 'Evening light'], [1, 'Dusk over the hills']])));
  }));

test('an image block keeps its file when blocks are reordered', () =>
  journey(async ({ page, open, site }) => {
    const entry = 'content/pages/home.yaml';
    const before = site.read(entry);
    const dir = 'public/images/pages/home/sections';
    const hills = site.readBytes(`${dir}/1/value/image.png`);
    await open('/keystatic/collection/pages/item/home');
    await page.getByRole('row', { name: 'Hills at sunrise' }).getByRole('button', { name: 'Move up' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await saved(page);
    assert.deepEqual(site.readBytes(`${dir}/0/value/image.png`), hills);
    assert.equal(site.readBytes(`${dir}/1/value/image.png`), null);
    const hero = '  - discriminant: hero\n    value:\n      heading: Notes on writing and plain files\n      subheading: A small journal kept in git.\n';
    const image = (n) => `  - discriminant: image\n    value:\n      image: /images/pages/home/sections/${n}/value/image.png\n      alt: Hills at sunrise\n`;
    assert.equal(site.read(entry), before.replace(hero + image(1), image(0) + hero));
  }));

/** Pastes `text` into `input` from the system clipboard, as a user would with the shortcut. */
async function paste(page, input, text) {
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await input.focus();
  await input.press(`${MOD}+a`);
  await input.press(`${MOD}+v`);
}

test('a cloud image takes pasted JSON, Markdown and URLs; dimensions round and keep proportions', () =>
  journey(async ({ page, open, site }) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
    const before = site.read('content/settings.yaml');
    await open('/keystatic/singleton/settings');
    const image = page.getByRole('group', { name: 'Share image' });
    const url = image.getByRole('textbox', { name: 'Image URL' });
    const alt = image.getByRole('textbox', { name: 'Alt text' });
    const width = image.getByRole('textbox', { name: 'Width' });
    const height = image.getByRole('textbox', { name: 'Height' });
    const lock = image.getByRole('button', { name: 'Keep proportions' });
    const values = async () => [await url.inputValue(), await alt.inputValue(), await width.inputValue(), await height.inputValue()];
    assert.deepEqual(await values(), ['https://images.example.com/quire-journal/share.png', 'The Quire Journal', '1200', '630']);

    // Locked, a new width brings the height along (1200 × 630 → 600 × 315); unlocked, it does not.
    await lock.click();
    assert.equal(await lock.getAttribute('aria-pressed'), 'true');
    await width.fill('600');
    await width.blur();
    assert.deepEqual((await values()).slice(2), ['600', '315']);
    await height.fill('401');
    await height.blur();
    assert.deepEqual((await values()).slice(2), ['764', '401'], 'rounded to a whole number');
    await lock.click();
    assert.equal(await lock.getAttribute('aria-pressed'), 'false');
    await height.fill('399.6');
    await height.blur();
    assert.deepEqual((await values()).slice(2), ['764', '400'], 'a typed fraction is rounded');

    await paste(page, url, '{"src":"https://images.example.com/json.png","alt":"From JSON","width":800.4,"height":418.6}');
    assert.deepEqual(await values(), ['https://images.example.com/json.png', 'From JSON', '800', '419']);
    await paste(page, url, '![Hills at dusk](https://images.example.com/hills.jpg "Hills")');
    assert.deepEqual(await values(), ['https://images.example.com/hills.jpg', 'Hills at dusk', '800', '419']);
    await paste(page, url, 'https://images.example.com/raw.webp');
    assert.deepEqual(await values(), ['https://images.example.com/raw.webp', 'Hills at dusk', '800', '419']);

    await page.getByRole('button', { name: 'Save' }).click();
    await saved(page);
    assert.equal(
      site.read('content/settings.yaml'),
      before.replace(
        '    src: https://images.example.com/quire-journal/share.png\n    alt: The Quire Journal\n    height: 630\n    width: 1200\n',
        '    src: https://images.example.com/raw.webp\n    alt: Hills at dusk\n    height: 419\n    width: 800\n',
      ),
    );
  }));

test('an SVG is shown as a picture of it, never as a document that could run its script', () =>
  journey(async ({ page, open, site, context }) => {
    await open('/keystatic/collection/authors/item/tomas-reyes');
    const avatar = page.getByRole('group', { name: 'Avatar' });
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><script>localStorage.setItem("svg-ran", "yes")</script><rect width="40" height="20" fill="#c05028"/></svg>',
    );
    await choose(page, avatar.getByRole('button', { name: 'Choose image' }), { name: 'mark.svg', mimeType: 'image/svg+xml', buffer: svg });
    const preview = await avatar.locator('img').elementHandle();
    await page.waitForFunction((img) => img.complete && img.naturalWidth === 80, preview);
    const src = await avatar.locator('img').getAttribute('src');

    // Opened in a tab of its own, the preview is that picture, and nothing of the SVG runs.
    const tab = await context.newPage();
    await tab.goto(src);
    assert.equal(await tab.evaluate(() => document.contentType), 'image/png');
    await tab.close();
    assert.equal(await page.evaluate(() => localStorage.getItem('svg-ran')), null);

    await page.getByRole('button', { name: 'Save' }).click();
    await saved(page);
    assert.deepEqual(site.readBytes('public/images/authors/tomas-reyes/avatar.svg'), svg);
  }));
