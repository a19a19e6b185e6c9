// What a save tells the editor when it lands but something after it fails: with git storage that
// pushes to a remote, a push that fails keeps the commit, says so, and the next save goes on.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { git, gitJourney } from '../helpers/git.mjs';

const POST = 'content/posts/writing-with-git.mdoc';

test('a failed push after a save is a warning, and the next save lands on top of it', () =>
  gitJourney(
    async ({ page, open, site }) => {
      await open('/keystatic/branch/main/collection/posts/item/writing-with-git');
      const summary = page.getByRole('textbox', { name: 'Summary' });
      await summary.fill('Saved while the remote is away.');
      await page.getByRole('button', { name: 'Save' }).click();
      const warning = page.getByRole('status').getByText(/^Saved, but pushing to origin failed: /);
      await warning.waitFor();
      assert.match(git(site.root, 'show', `main:${POST}`), /summary: Saved while the remote is away\./);
      await page.waitForFunction(() => !document.querySelector('main')?.textContent?.includes('Unsaved'));
      assert.equal(await page.getByText('This entry has been updated since it was opened').count(), 0);

      await summary.fill('And once more.');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForFunction(() => !document.querySelector('main')?.textContent?.includes('Unsaved'));
      assert.match(git(site.root, 'show', `main:${POST}`), /summary: And once more\./);
      assert.equal(git(site.root, 'rev-list', '--count', 'main'), '3', 'two saves, two commits');
    },
    {
      storage: { remote: 'origin' },
      setupRepo: (root) => git(root, 'remote', 'add', 'origin', `${root}/no-such-remote.git`),
    },
  ));
