// The singleton screen: saving, and creating the file when it does not exist yet.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { journey } from '../helpers/journey.mjs';

test('editing the settings singleton writes its file', () =>
  journey(async ({ page, open, site }) => {
    const before = site.read('content/settings.yaml');
    await open('/keystatic/singleton/settings');
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    const perPage = page.getByRole('textbox', { name: 'Posts per page' });
    await perPage.fill('99');
    await perPage.blur();
    await page.getByText('Posts per page must be at most 50').waitFor();
    await perPage.fill('20');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForFunction(() => !document.body.textContent?.includes('Unsaved'));
    await page.getByRole('status').getByText('Entry saved').waitFor();
    assert.equal(site.read('content/settings.yaml'), before.replace('postsPerPage: 10', 'postsPerPage: 20'));
  }));

test('a singleton without a file offers Create and writes its defaults', () =>
  journey(
    async ({ page, open, site }) => {
      await open('/keystatic/singleton/settings');
      await page.getByRole('textbox', { name: 'Site title' }).fill('Fresh site');
      await page.getByRole('button', { name: 'Create' }).click();
      await page.getByRole('button', { name: 'Save' }).waitFor();
      assert.equal(
        site.read('content/settings.yaml'),
        'siteTitle: Fresh site\npostsPerPage: 10\nshowAuthors: true\ntheme: auto\nseo:\n  shareImage: {}\nsocial: []\n',
      );
    },
    { prepare: (site) => rmSync(join(site.root, 'content/settings.yaml')) },
  ));
