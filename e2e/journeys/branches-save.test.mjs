// Saving on branches of git storage: commits land on the branch on screen, statuses and counts
// compare it with the default branch, and a save the branch cannot take moves to a new branch.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { commitFiles, git, gitJourney } from '../helpers/git.mjs';

const POST = 'content/posts/writing-with-git.mdoc';
const SPRING = '/keystatic/branch/quire%2Fspring';
const newLine = (text, from, to) => {
  assert.ok(text.includes(from), `the file holds ${from}`);
  return text.replace(from, to);
};

/** Saves the entry on screen and waits for the save to land. */
async function save(page) {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.waitForFunction(() => !document.querySelector('main')?.textContent?.includes('Unsaved'));
}

test('saving on a branch commits there; statuses and counts show what differs from the default branch', () =>
  gitJourney(
    async ({ page, open, site }) => {
      const original = site.read(POST);
      await open(`${SPRING}/collection/posts/item/writing-with-git`);
      await page.getByRole('textbox', { name: 'Summary' }).fill('Branches for editors.');
      await save(page);
      assert.equal(git(site.root, 'log', '-1', '--format=%s', 'quire/spring'), 'Update content/posts/writing-with-git');
      assert.match(git(site.root, 'show', `quire/spring:${POST}`), /summary: Branches for editors\./);
      assert.equal(git(site.root, 'show', `main:${POST}`), original.trimEnd());
      assert.equal(site.read(POST), original, 'the checked-out branch is left alone');

      await open(`${SPRING}/collection/authors/create`);
      await page.getByRole('textbox', { name: 'Name' }).fill('Grace Hopper');
      await page.getByRole('textbox', { name: 'Role' }).fill('Rear admiral');
      await page.getByRole('button', { name: 'Create' }).click();
      await page.waitForURL(`**${SPRING}/collection/authors/item/grace-hopper`);
      assert.equal(git(site.root, 'log', '-1', '--format=%s', 'quire/spring'), 'Create content/authors/grace-hopper');

      await open(`${SPRING}/singleton/settings`);
      await page.getByRole('textbox', { name: 'Tagline' }).fill('Notes on branches');
      await save(page);

      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      await nav.getByRole('link', { name: 'Authors 1 change' }).waitFor();
      await nav.getByRole('link', { name: 'Posts 1 change' }).waitFor();
      await nav.getByRole('link', { name: 'Settings Changed' }).waitFor();
      assert.equal(await nav.getByRole('link', { name: 'Pages', exact: true }).count(), 1);

      await nav.getByRole('link', { name: 'Authors' }).click();
      await page.getByRole('columnheader', { name: 'Status' }).waitFor();
      const status = (row, text) => page.getByRole('row', { name: row }).getByRole('cell', { name: text }).waitFor();
      await status('Grace Hopper', 'Added');
      await status('Mei Lin', 'Unchanged');
      await nav.getByRole('link', { name: 'Posts' }).click();
      await status('Writing with git', 'Changed');
      await status('Plain files age well', 'Unchanged');

      await nav.getByRole('link', { name: 'Dashboard' }).click();
      const main = page.getByRole('main');
      await main.getByRole('listitem').filter({ hasText: 'Posts' }).getByText('1 change').waitFor();
      await main.getByRole('listitem').filter({ hasText: 'Authors' }).getByText('4 entries').waitFor();
      await main.getByRole('listitem').filter({ hasText: 'Settings' }).getByText('Changed').waitFor();

      // The default branch compares with nothing: no statuses, no counts.
      await open('/keystatic/branch/main/collection/posts');
      await page.getByRole('row', { name: /Writing with git/ }).waitFor();
      assert.equal(await page.getByRole('columnheader', { name: 'Status' }).count(), 0);
      assert.equal(await nav.getByRole('link', { name: 'Posts', exact: true }).count(), 1);
    },
    { storage: { branchPrefix: 'quire/' }, setupRepo: (root) => git(root, 'branch', 'quire/spring') },
  ));

test('a branch that moved meanwhile: other files are followed, a changed entry asks for a new branch', () =>
  gitJourney(
    async ({ page, open, site }) => {
      await open('/keystatic/branch/main/collection/posts/item/writing-with-git');
      const summary = page.getByRole('textbox', { name: 'Summary' });
      await summary.fill('Mine, first');
      const author = 'content/authors/mei-lin.yaml';
      const elsewhere = commitFiles(site.root, 'Elsewhere', { [author]: newLine(site.read(author), 'role: ', 'role: Chief ') });
      await save(page);
      assert.equal(git(site.root, 'log', '-1', '--format=%s', 'main'), 'Update content/posts/writing-with-git');
      assert.equal(git(site.root, 'rev-parse', 'main^'), elsewhere, 'the save went on top of the other commit');
      const mine = git(site.root, 'rev-parse', 'main');

      await summary.fill('Mine, second');
      const theirs = newLine(site.read(POST), 'summary: Mine, first', 'summary: Theirs');
      commitFiles(site.root, 'Theirs', { [POST]: theirs });
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'New branch' });
      await dialog
        .getByText('This entry has been updated since it was opened. Create a new branch to save changes.')
        .waitFor();
      await dialog.getByRole('textbox', { name: 'Branch name' }).fill('mine');
      await dialog.getByRole('button', { name: 'Create branch and save' }).click();
      await page.waitForURL('**/keystatic/branch/quire%2Fmine/collection/posts/item/writing-with-git');
      await page.getByRole('button', { name: /Branch$/ }).getByText('quire/mine').waitFor();
      assert.equal(git(site.root, 'rev-parse', 'quire/mine^'), mine, 'the new branch starts where the editor loaded');
      assert.match(git(site.root, 'show', `quire/mine:${POST}`), /summary: Mine, second/);
      assert.equal(site.read(POST), theirs, 'nothing overwrote the other commit');
      assert.equal(await summary.inputValue(), 'Mine, second');
    },
    { storage: { branchPrefix: 'quire/' } },
  ));

test('a changed entry, once the new-branch dialog is dismissed, offers Reload and Save as a new branch', () =>
  gitJourney(
    async ({ page, open, site }) => {
      await open('/keystatic/branch/main/collection/posts/item/writing-with-git');
      const summary = page.getByRole('textbox', { name: 'Summary' });
      await summary.fill('Mine');
      const theirs = newLine(site.read(POST), 'readingTime: 8', 'readingTime: 42');
      commitFiles(site.root, 'Theirs', { [POST]: theirs });
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'New branch' });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      const notice = page.getByRole('alert').filter({ hasText: 'This entry has been updated since it was opened.' });
      await notice.getByRole('button', { name: 'Save as a new branch' }).click();
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      await notice.getByRole('button', { name: 'Reload' }).click();
      await page.getByRole('status').getByText('Reloaded the current version, with your changes on it.').waitFor();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByRole('status').getByText('Entry saved').waitFor();
      const saved = git(site.root, 'show', `main:${POST}`);
      assert.match(saved, /summary: Mine\n/);
      assert.match(saved, /readingTime: 42\n/, 'the other commit is kept');
      assert.equal(git(site.root, 'log', '-1', '--format=%s', 'main'), 'Update content/posts/writing-with-git');
    },
    { storage: { branchPrefix: 'quire/' } },
  ));

test('a protected branch takes changes only through a new branch', () =>
  gitJourney(
    async ({ page, open, site }) => {
      const head = git(site.root, 'rev-parse', 'main');
      await open('/keystatic/singleton/settings');
      await page.getByRole('textbox', { name: 'Tagline' }).fill('Reviewed first');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'New branch' });
      await dialog
        .getByText('Changes must be made via pull request to this branch. Create a new branch to save changes.')
        .waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      assert.equal(git(site.root, 'rev-parse', 'main'), head);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await dialog.getByRole('textbox', { name: 'Branch name' }).fill('tagline');
      await dialog.getByRole('button', { name: 'Create branch and save' }).click();
      await page.waitForURL('**/keystatic/branch/tagline/singleton/settings');
      assert.equal(git(site.root, 'rev-parse', 'main'), head);
      assert.equal(git(site.root, 'log', '-1', '--format=%s', 'tagline'), 'Update content/settings');
      assert.match(git(site.root, 'show', 'tagline:content/settings.yaml'), /tagline: Reviewed first/);
    },
    { storage: { protected: ['main'] } },
  ));

test('a save touching a file with uncommitted changes is refused, said once with its file, and the file kept', () =>
  gitJourney(async ({ page, open, site }) => {
    const mine = `${site.read(POST)}\nA line of mine, not committed.\n`;
    site.write(POST, mine);
    await open('/keystatic/branch/main/collection/posts/item/writing-with-git');
    await page.getByRole('textbox', { name: 'Summary' }).fill('Changed in the admin');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page
      .getByText(`Not saved: the working tree has uncommitted changes to ${POST}; commit or discard them first`, { exact: true })
      .waitFor();
    assert.equal(site.read(POST), mine);
  }));

for (const collaboration of [true, false]) {
  test(`the name and email given in the theme menu author the commits; the machine commits them (collaboration ${collaboration ? 'on' : 'off'})`, () =>
    gitJourney(
      async ({ page, open, site }) => {
        await open('/keystatic/branch/main/collection/posts/item/writing-with-git');
        await page.getByRole('button', { name: 'Theme' }).click();
        await page.getByRole('menuitem', { name: 'Your name…' }).click();
        const dialog = page.getByRole('dialog', { name: 'Your name' });
        const described = collaboration
          ? 'Shown to the people who edit with you, and the author of the commits you save.'
          : 'The author of the commits you save.';
        await dialog.getByText(described, { exact: true }).waitFor();
        await dialog.getByRole('textbox', { name: 'Name' }).fill('Ada Lovelace');
        const email = dialog.getByRole('textbox', { name: 'Email' });
        await email.fill('ada at example.com');
        await dialog.getByRole('button', { name: 'Save' }).click();
        await dialog.getByText('Enter an email address such as name@example.com.', { exact: true }).waitFor();
        await page.screenshot({ path: '/tmp/shots/author-dialog.png' });
        await email.fill('ada@example.com');
        await dialog.getByRole('button', { name: 'Save' }).click();
        await dialog.waitFor({ state: 'detached' });

        await page.getByRole('textbox', { name: 'Summary' }).fill('Signed by its author.');
        await save(page);
        assert.equal(
          git(site.root, 'log', '-1', '--format=%an <%ae>|%cn <%ce>', 'main'),
          'Ada Lovelace <ada@example.com>|Site Machine <machine@quire.invalid>',
        );
      },
      {
        setupRepo: (root) => {
          // The server's own identity, as git's configuration gives it.
          git(root, 'config', 'user.name', 'Site Machine');
          git(root, 'config', 'user.email', 'machine@quire.invalid');
          if (!collaboration) {
            commitFiles(root, 'Work alone', { 'quire.yaml': `${readFileSync(join(root, 'quire.yaml'), 'utf8')}collaboration: false\n` });
          }
        },
      },
    ));
}
