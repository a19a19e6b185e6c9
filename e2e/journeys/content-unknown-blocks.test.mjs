// A block tag that the body's field does not define (a component removed from the config) keeps
// the post open: the block shows as a box saying so, with its props and source, and is written back
// untouched until the writer removes it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { journey, saved } from '../helpers/journey.mjs';

const post = 'content/posts/with-gallery.mdoc';
const text =
  '---\ntitle: With gallery\npublishedDate: 2024-05-01\ndraft: false\ncategory: news\ntags: []\nrelatedPosts: []\ngallery: []\n---\nBefore the gallery.\n\n{% gallery size=3 title="Trips" %}\n- Lisbon\n{% /gallery %}\n\nAfter the gallery.\n';

/** The Markdoc body after a post's frontmatter. */
const bodyOf = (file) => file.slice(file.indexOf('---\n', 4) + 4);

test('a block the field no longer defines is shown, kept through saves, and removable', () =>
  journey(
    async ({ page, open, site }) => {
      await open('/keystatic/collection/posts/item/with-gallery');
      const box = page.locator('.editor-component-missing');
      await box.getByText('The block "gallery" no longer exists.').waitFor();
      assert.deepEqual(await box.locator('.editor-component-prop').allInnerTexts(), ['size\n3', 'title\nTrips']);
      assert.equal(await box.locator('pre').innerText(), '{% gallery size=3 title="Trips" %}\n- Lisbon\n{% /gallery %}');

      // Another edit saves the block as it was.
      await page.getByRole('textbox', { name: 'Content' }).getByText('After the gallery.').click();
      await page.keyboard.press('End');
      await page.keyboard.type(' Really.');
      await page.getByRole('button', { name: 'Save' }).click();
      await saved(page);
      const body = bodyOf(text);
      assert.equal(bodyOf(site.read(post)), body.replace('After the gallery.', 'After the gallery. Really.'));

      await box.getByRole('button', { name: 'Remove' }).click();
      await box.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Save' }).click();
      await saved(page);
      assert.equal(
        bodyOf(site.read(post)),
        body.replace('\n{% gallery size=3 title="Trips" %}\n- Lisbon\n{% /gallery %}\n', '').replace('After the gallery.', 'After the gallery. Really.'),
      );
    },
    { files: { [post]: text } },
  ));
