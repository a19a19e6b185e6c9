// A cloud team's images: the library on the cloud's own pages (several uploaded at once, each
// refusal in the cloud's words, search by name and alt text, alt text written, an image deleted and
// its address gone), with the images in the cloud's data folder and in S3-compatible storage; a
// site's `cloudImage` field, whose uploads, look-ups and library go through the site's server (also
// on GitHub storage, signed in to the cloud beside GitHub); and the editor's cloud image block.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { EDITOR, PASSWORD, cloudSiteJourney, signInToCloud } from '../helpers/cloud-site.mjs';
import { signIn as signInWithGitHub } from '../helpers/github.mjs';
import { saved } from '../helpers/journey.mjs';

const shot = (name) => (process.env.SCREENSHOT_DIR ? `${process.env.SCREENSHOT_DIR}/${name}.png` : undefined);
const images = resolve(dirname(fileURLToPath(import.meta.url)), '../../examples/blog/public/images');

/**
 * Signs `person` in to the cloud's own pages.
 * @param {import('playwright-core').Page} page
 * @param {string} cloudUrl
 */
async function signInToCloudPages(page, cloudUrl, person = EDITOR) {
  await page.goto(`${cloudUrl}/sign-in`);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));
}

for (const s3 of [false, true]) {
  test(`the image library${s3 ? ' on S3' : ''}: an editor uploads several at once, searches, writes alt text and deletes`, () =>
    cloudSiteJourney(
      async ({ page, cloud }) => {
        const files = mkdtempSync(join(tmpdir(), 'quire-images-'));
        try {
          // A text file named as a PNG goes to the cloud, which knows it by its bytes.
          writeFileSync(join(files, 'notes.png'), 'not an image\n');
          writeFileSync(join(files, 'drawing.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

          await signInToCloudPages(page, cloud.url);
          await page.goto(`${cloud.url}/teams/acme`);
          await page.getByRole('link', { name: 'Image library' }).click();
          await page.getByRole('heading', { name: 'Images of Blog' }).waitFor();
          await page.getByText('No images yet.').waitFor();

          const chooser = page.waitForEvent('filechooser');
          await page.getByRole('button', { name: 'Upload images' }).click();
          await (await chooser).setFiles([
            join(images, 'logo.png'),
            join(images, 'authors/mei-lin/avatar.png'),
            join(images, 'authors/ada-palmer/avatar.png'),
            join(files, 'notes.png'),
            join(files, 'drawing.svg'),
          ]);
          const uploads = page.getByRole('list', { name: 'Uploads' });
          await uploads.getByText('Uploaded.').nth(2).waitFor();
          const refusal = 'Invalid image type, only PNG, JPEG, GIF, and WebP are supported';
          await uploads.getByRole('listitem').filter({ hasText: 'notes.png' }).getByText(refusal).waitFor();
          await uploads.getByRole('listitem').filter({ hasText: 'drawing.svg' }).getByText(refusal).waitFor();
          await page.getByText('3 images').waitFor();
          const thumbnails = page.locator('img.cloud-image-thumb');
          await page.waitForFunction(() =>
            [...document.querySelectorAll('img.cloud-image-thumb')].every((img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0),
          );
          assert.equal(await thumbnails.count(), 3);
          await page.screenshot({ path: shot(`cloud-image-library${s3 ? '-s3' : ''}`), fullPage: true });

          await page.getByRole('searchbox', { name: 'Search images' }).fill('AVATAR');
          await page.getByText('2 images').waitFor();
          await page.getByRole('searchbox', { name: 'Search images' }).fill('');
          await page.getByText('3 images').waitFor();

          await page.getByRole('button', { name: 'logo.png' }).click();
          const details = page.getByRole('dialog');
          await details.getByRole('textbox', { name: 'Alt text' }).fill('The blue Quire mark');
          await details.getByRole('button', { name: 'Save alt text' }).click();
          await details.getByText('The blue Quire mark').waitFor();
          const address = await details.getByRole('textbox', { name: 'Address' }).inputValue();
          assert.match(address, new RegExp(`^${cloud.url}/images/acme/blog/[^/]+/logo\\.png$`));
          await page.screenshot({ path: shot('cloud-image-details') });
          assert.equal((await fetch(address)).status, 200);

          await details.getByRole('button', { name: 'Delete image' }).click();
          await page.getByRole('alertdialog').getByRole('button', { name: 'Delete image' }).click();
          await page.getByText('logo.png deleted.').waitFor();
          await page.getByText('2 images').waitFor();
          assert.equal((await fetch(address)).status, 404, 'its address is gone');

          await page.getByRole('searchbox', { name: 'Search images' }).fill('quire mark');
          await page.getByText('No image matches “quire mark”.').waitFor();
        } finally {
          rmSync(files, { recursive: true, force: true });
        }
      },
      { images: true, s3 },
    ));
}

/**
 * The critical toast saying `message`, then gone from the way.
 * @param {import('playwright-core').Page} page
 * @param {string} message
 */
async function toast(page, message) {
  await page.locator('.toast-critical', { hasText: message }).waitFor();
}

test("a site's cloud image field uploads through the site's server, says each refusal in the spec's words, looks up and picks from the library", () =>
  cloudSiteJourney(
    async ({ page, open, site, cloud }) => {
      const files = mkdtempSync(join(tmpdir(), 'quire-images-'));
      try {
        writeFileSync(join(files, 'notes.png'), 'not an image\n');
        writeFileSync(join(files, 'drawing.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
        writeFileSync(join(files, 'huge.png'), Buffer.alloc(10 * 1024 * 1024 + 1));
        const field = page.getByRole('group', { name: 'Share image' });
        const upload = async (file) => {
          const chooser = page.waitForEvent('filechooser');
          await field.getByRole('button', { name: 'Upload' }).click();
          await (await chooser).setFiles(file);
        };

        // Signed out, the field says so and sends nothing.
        await open('/keystatic/singleton/settings');
        const url = field.getByRole('textbox', { name: 'Image URL' });
        const before = await url.inputValue();
        await upload(join(images, 'logo.png'));
        await toast(page, 'You must be signed in to upload images');

        await signInToCloud(page, EDITOR, 'Sign into Cloud');
        await page.waitForURL('**/keystatic/singleton/settings');
        await upload(join(files, 'huge.png'));
        await toast(page, 'Images must be smaller than 10MB');
        await upload(join(files, 'drawing.svg'));
        await toast(page, 'Invalid image type, only PNG, JPEG, GIF, and WebP are supported');
        // Named as a PNG, it reaches the cloud, which knows it by its bytes: its words, passed on.
        await upload(join(files, 'notes.png'));
        await toast(page, 'Failed to upload image: Invalid image type, only PNG, JPEG, GIF, and WebP are supported');
        assert.equal(await url.inputValue(), before, 'nothing changed');

        await upload(join(images, 'logo.png'));
        await page.waitForFunction(
          (origin) => [...document.querySelectorAll('input[type="url"]')].some((input) => input instanceof HTMLInputElement && input.value.startsWith(`${origin}/images/acme/blog/`)),
          cloud.url,
        );
        const src = await url.inputValue();
        assert.match(src, /\/logo\.png$/);
        assert.equal(await field.getByRole('textbox', { name: 'Width' }).inputValue(), '64');
        await field.getByRole('textbox', { name: 'Alt text' }).fill('The Quire mark');
        await page.waitForFunction(() => {
          const preview = document.querySelector('img.cloud-image-preview');
          return preview instanceof HTMLImageElement && preview.complete && preview.naturalWidth > 0 && !preview.hidden;
        });
        await page.screenshot({ path: shot('cloud-image-field-uploaded') });
        await page.getByRole('button', { name: 'Save', exact: true }).click();
        await saved(page);
        const settings = readFileSync(join(site.root, 'content/settings.yaml'), 'utf8');
        // js-yaml folds the long address onto a line of its own, as Keystatic writes it.
        assert.ok(settings.includes(`    src: >-\n      ${src}\n`), settings);
        assert.match(settings, /alt: The Quire mark\n\s+height: 64\n\s+width: 64/);

        // A pasted address of the project's image brings its size; the library fills all four.
        await url.fill('');
        await field.getByRole('textbox', { name: 'Width' }).fill('');
        await url.focus();
        await page.evaluate((text) => {
          const data = new DataTransfer();
          data.setData('text/plain', text);
          document.activeElement?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
        }, src);
        await field.getByRole('textbox', { name: 'Width' }).and(page.locator('[value="64"]')).waitFor();

        await field.getByRole('button', { name: 'Choose from library' }).click();
        const library = page.getByRole('dialog', { name: 'Image library' });
        await library.getByRole('button', { name: /logo\.png/ }).waitFor();
        await page.screenshot({ path: shot('cloud-image-picker') });
        await library.getByRole('searchbox').fill('nothing like it');
        await library.getByText(/No image matches/).waitFor();
        await library.getByRole('searchbox').fill('logo');
        await library.getByRole('button', { name: /logo\.png/ }).click();
        await library.waitFor({ state: 'detached' });
        assert.equal(await url.inputValue(), src);
      } finally {
        rmSync(files, { recursive: true, force: true });
      }
    },
    { local: true, images: true },
  ));

test("a guide's cloud image block: a pasted image file is uploaded and becomes the block, its dialog edits it and picks from the library, and the save writes Keystatic's tag", () =>
  cloudSiteJourney(
    async ({ page, open, site, cloud }) => {
      const guide = join(site.root, 'content/guides/editing-mdx.mdx');
      await open('/keystatic/collection/guides/item/editing-mdx');
      await signInToCloud(page, EDITOR, 'Sign into Cloud');
      await page.waitForURL('**/keystatic/collection/guides/item/editing-mdx');
      const prose = page.locator('.ProseMirror');
      await prose.locator('p').last().click();
      await page.keyboard.press('End');

      // An image file pasted into the text goes to the cloud, then into the text as the block.
      const logo = readFileSync(join(images, 'logo.png')).toString('base64');
      await page.evaluate((base64) => {
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        const data = new DataTransfer();
        data.items.add(new File([bytes], 'Quire Logo.png', { type: 'image/png' }));
        document.querySelector('.ProseMirror')?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      }, logo);
      const block = prose.locator('[data-component="CloudImage"]');
      await page.waitForFunction(() => {
        const image = document.querySelector('.ProseMirror [data-component="CloudImage"] img');
        return image instanceof HTMLImageElement && image.complete && image.naturalWidth > 0;
      });
      const src = await block.locator('img').getAttribute('src');
      assert.ok(src?.startsWith(`${cloud.url}/images/acme/blog/`) && src.endsWith('/quire-logo.png'), src ?? 'no src');
      assert.equal(await block.locator('.editor-cloud-image-size').innerText(), '64 × 64');

      // Its dialog is the cloud image field's: alt text here, then the library's image.
      await block.getByRole('button', { name: 'Edit' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Cloud image' });
      assert.equal(await dialog.getByRole('textbox', { name: 'Image URL' }).inputValue(), src);
      await dialog.getByRole('textbox', { name: 'Alt text' }).fill('The Quire mark');
      await page.screenshot({ path: shot('cloud-image-block-dialog') });
      await dialog.getByRole('button', { name: 'Done' }).click();
      await dialog.waitFor({ state: 'detached' });
      await block.locator('.editor-cloud-image-alt', { hasText: 'The Quire mark' }).waitFor();
      await page.screenshot({ path: shot('cloud-image-block') });

      // The toolbar's button inserts another, whose dialog opens at once: an image from the library.
      await page.getByRole('button', { name: 'Cloud image', exact: true }).click();
      const fresh = page.getByRole('dialog', { name: 'Edit Cloud image' });
      await fresh.getByRole('button', { name: 'Choose from library' }).click();
      const library = page.getByRole('dialog', { name: 'Image library' });
      await library.getByRole('button', { name: /quire-logo\.png/ }).click();
      await library.waitFor({ state: 'detached' });
      assert.equal(await fresh.getByRole('textbox', { name: 'Image URL' }).inputValue(), src);
      await fresh.getByRole('button', { name: 'Done' }).click();
      await page.waitForFunction(() => document.querySelectorAll('.ProseMirror [data-component="CloudImage"]').length === 2);

      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await saved(page);
      const text = readFileSync(guide, 'utf8');
      assert.ok(text.includes(`<CloudImage src="${src}" alt="The Quire mark" height={64} width={64} />\n`), text);
      assert.equal(text.split('<CloudImage').length - 1, 2, text);
    },
    { local: true, images: true },
  ));

test('on GitHub storage, a person signed in with GitHub signs in to the cloud beside it, for its images', () =>
  cloudSiteJourney(
    async ({ page, open, cloud, repository }) => {
      await open('/keystatic');
      await signInWithGitHub(page);
      await open('/keystatic/branch/main/singleton/settings');
      const field = page.getByRole('group', { name: 'Share image' });
      const upload = async () => {
        const chooser = page.waitForEvent('filechooser');
        await field.getByRole('button', { name: 'Upload' }).click();
        await (await chooser).setFiles(join(images, 'logo.png'));
      };
      await upload();
      await toast(page, 'You must be signed in to upload images');

      // 'Sign into Cloud' beside GitHub's user menu, through the cloud's pages and back here.
      await page.getByRole('link', { name: 'Sign into Cloud' }).click();
      await page.getByLabel('Email').fill(EDITOR.email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByRole('button', { name: 'Allow' }).click();
      await page.waitForURL('**/keystatic/branch/main/singleton/settings');
      await page.getByRole('button', { name: 'Signed in as Octo Cat' }).waitFor();
      assert.equal(await page.getByRole('link', { name: 'Sign into Cloud' }).count(), 0);
      await page.screenshot({ path: shot('cloud-beside-github') });

      await upload();
      const url = field.getByRole('textbox', { name: 'Image URL' });
      await page.waitForFunction(
        (origin) => [...document.querySelectorAll('input[type="url"]')].some((input) => input instanceof HTMLInputElement && input.value.startsWith(`${origin}/images/acme/blog/`)),
        cloud.url,
      );
      const src = await url.inputValue();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await saved(page);
      // Saved to the repository on GitHub, with the cloud's address.
      assert.ok(repository.show('main', 'content/settings.yaml').includes(src), 'the address is in the repository');

      // Logging out ends both sign-ins.
      await page.getByRole('button', { name: 'Signed in as Octo Cat' }).click();
      await page.getByRole('menuitem', { name: 'Log out' }).click();
      await page.getByRole('link', { name: 'Log in with GitHub' }).waitFor();
      const cookies = (await page.context().cookies()).map((cookie) => cookie.name);
      assert.ok(!cookies.some((name) => name.includes('access-token')), cookies.join(', '));
    },
    { github: true, images: true },
  ));
