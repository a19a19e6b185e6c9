// A cloud team's images: the library on the cloud's own pages (several uploaded at once, each
// refusal in the cloud's words, search by name and alt text, alt text written, an image deleted and
// its address gone), with the images in the cloud's data folder and in S3-compatible storage.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { EDITOR, PASSWORD, cloudSiteJourney } from '../helpers/cloud-site.mjs';

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
