// Names and places of images in a post's Markdoc body. With `options.image` set, an image's file goes
// to `<directory>/<slug>/` and its `src` is `<publicPath>/<slug>/<file>` for the slug the post has
// when it is saved (typed after the image went in, or changed later). Two uploads of the same file
// name keep two files. Text typed just before Save is saved, although the editor writes its text
// only after a pause in typing.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { png } from '../helpers/images.mjs';
import { endOfLine, formatting, newParagraphAtEnd, WELCOME, WELCOME_LAST_LINE } from '../helpers/editor.mjs';
import { fillDate, journey, saved } from '../helpers/journey.mjs';

const CONTENT = '      content:\n        kind: markdoc\n        label: Content\n';
const BLOG = readFileSync(new URL('../../examples/blog/quire.yaml', import.meta.url), 'utf8');
assert.ok(BLOG.includes(CONTENT), "the example blog's posts have a Markdoc content field");
/** The example blog, its posts' images in `public/images/posts/<slug>/`. */
const IMAGES_IN_PUBLIC = BLOG.replace(
  CONTENT,
  `${CONTENT}        options:\n          image: { directory: public/images/posts, publicPath: /images/posts/ }\n`,
);

const post = WELCOME;
const lastLine = WELCOME_LAST_LINE;

/** Puts a picture in at the cursor through the toolbar's file picker. */
async function upload(page, name, bytes) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), formatting(page, 'Image')]);
  await chooser.setFiles({ name, mimeType: 'image/png', buffer: bytes });
}

/** Waits until `count` pictures show in the text, each decoded. */
async function pictures(page, count) {
  await page.waitForFunction(
    (count) => {
      const images = [...document.querySelectorAll('.ProseMirror .editor-image img')];
      return images.length === count && images.every((img) => img.complete && img.naturalWidth > 0);
    },
    count,
  );
}

test('a new post with an image put in before its title saves the file and src under the final slug, and again after a rename', () =>
  journey(
    async ({ page, open, site }) => {
      await open('/keystatic/collection/posts/create');
      const picture = png(160, 100);
      await page.getByRole('textbox', { name: 'Content' }).click();
      await upload(page, 'cover.png', picture);
      await pictures(page, 1);
      // The slug comes only now.
      await page.getByRole('textbox', { name: 'Title' }).fill('Images first');
      await fillDate(page, 'Published date', '2024-07-01');
      await page.getByRole('button', { name: 'Create' }).click();
      await page.waitForURL('**/keystatic/collection/posts/item/images-first');

      assert.deepEqual(site.readBytes('public/images/posts/images-first/cover.png'), picture);
      assert.ok(
        site.read('content/posts/images-first.mdoc').endsWith('---\n![](/images/posts/images-first/cover.png)\n'),
        site.read('content/posts/images-first.mdoc'),
      );
      // Opened from its files (the edit screen, not the create form), the post shows its image.
      await page.getByRole('button', { name: 'Save', exact: true }).waitFor();
      await pictures(page, 1);
      await page.screenshot({ path: process.env.SCREENSHOT_DIR ? `${process.env.SCREENSHOT_DIR}/content-image-new-post.png` : undefined });

      // A new slug moves the file and changes the src with it.
      await page.getByRole('textbox', { name: 'Slug' }).fill('images-renamed');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.waitForURL('**/keystatic/collection/posts/item/images-renamed');
      await saved(page);
      assert.deepEqual(site.readBytes('public/images/posts/images-renamed/cover.png'), picture);
      assert.equal(site.readBytes('public/images/posts/images-first/cover.png'), null, 'the old file is gone');
      assert.equal(site.read('content/posts/images-first.mdoc'), null);
      assert.ok(site.read('content/posts/images-renamed.mdoc').endsWith('---\n![](/images/posts/images-renamed/cover.png)\n'));
      await page.reload();
      await page.getByRole('button', { name: 'Save', exact: true }).waitFor();
      await pictures(page, 1);
      await page.screenshot({ path: process.env.SCREENSHOT_DIR ? `${process.env.SCREENSHOT_DIR}/content-image-renamed-post.png` : undefined });
    },
    { files: { 'quire.yaml': IMAGES_IN_PUBLIC } },
  ));

test('two uploads of the same file name keep two files', () =>
  journey(async ({ page, open, site }) => {
    const before = site.read(`${post}.mdoc`);
    await open('/keystatic/collection/posts/item/welcome-to-the-journal');
    await newParagraphAtEnd(page);
    const red = png(120, 80, [200, 30, 30]);
    const blue = png(80, 120, [30, 30, 200]);
    await upload(page, 'photo.png', red);
    await pictures(page, 1);
    // The new image is selected: the next one goes after it.
    await page.keyboard.press('ArrowRight');
    await upload(page, 'photo.png', blue);
    await pictures(page, 2);
    await page.screenshot({ path: process.env.SCREENSHOT_DIR ? `${process.env.SCREENSHOT_DIR}/content-images-same-name.png` : undefined });

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await saved(page);
    assert.deepEqual(site.readBytes(`${post}/content/photo.png`), red);
    assert.deepEqual(site.readBytes(`${post}/content/photo-1.png`), blue);
    assert.equal(site.read(`${post}.mdoc`), `${before}\n![](photo.png)![](photo-1.png)\n`);
  }));

test('text typed just before Save is saved', () =>
  journey(async ({ page, open, site }) => {
    const before = site.read(`${post}.mdoc`);
    await open('/keystatic/collection/posts/item/welcome-to-the-journal');
    await endOfLine(page);
    await page.keyboard.type(' And one more sentence, typed fast.');
    // No pause: the editor has not written its text yet.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await saved(page);
    assert.equal(site.read(`${post}.mdoc`), before.replace(lastLine, `${lastLine} And one more sentence, typed fast.`));
  }));
