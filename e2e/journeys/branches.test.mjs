// Branches of git storage: routes, the branch picker, New branch, Delete branch, pull request links.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { git, gitJourney } from '../helpers/git.mjs';
import { journey } from '../helpers/journey.mjs';

const withRemote = {
  storage: { branchPrefix: 'quire/', remote: 'origin' },
  setupRepo: (root) => git(root, 'remote', 'add', 'origin', 'git@github.com:acme/blog.git'),
};

test('paths without a branch open the default branch; an unknown branch says so', () =>
  gitJourney(async ({ page, open, site }) => {
    await open('/keystatic');
    await page.waitForURL('**/keystatic/branch/main');
    await page.getByText('7 entries').waitFor();
    // A branch made after the admin loaded its list is found too.
    git(site.root, 'branch', 'late');
    await page.evaluate(() => {
      history.pushState(null, '', '/keystatic/branch/late');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByRole('main').getByText('late', { exact: true }).waitFor();
    await open('/keystatic/collection/posts?search=git');
    await page.waitForURL('**/keystatic/branch/main/collection/posts?search=git');
    await page.getByRole('heading', { name: 'Posts' }).waitFor();
    await open('/keystatic/branch/nope/singleton/settings');
    await page.getByRole('heading', { name: 'Branch not found' }).waitFor();
    await page.getByText('The branch nope does not exist in this repository.').waitFor();
    await page.getByRole('link', { name: 'Go to main' }).click();
    await page.waitForURL('**/keystatic/branch/main');
  }));

test('a repository without commits shows why on the shell error screen', () =>
  gitJourney(
    async ({ page, open }) => {
      await open('/keystatic');
      await page.getByRole('heading', { name: 'Failed to load shell' }).waitFor();
      await page.getByText(/^Git repo not initialised/).waitFor();
    },
    { firstCommit: false },
  ));

test('New branch refuses invalid names, creates the branch from the current one and opens it', () =>
  gitJourney(async ({ page, open, site }) => {
    await open('/keystatic/branch/main/collection/posts');
    await page.getByRole('button', { name: 'Branch actions' }).click();
    await page.getByRole('menuitem', { name: 'New branch' }).click();
    const dialog = page.getByRole('dialog', { name: 'New branch' });
    await dialog.getByText('quire/', { exact: true }).waitFor();
    const name = dialog.getByRole('textbox', { name: 'Branch name' });
    const expectRefused = async (value, message) => {
      await name.fill(value);
      await dialog.getByRole('button', { name: 'Create' }).click();
      await dialog.getByText(message, { exact: true }).waitFor();
    };
    await expectRefused('spring.lock', 'Cannot end with ".lock"');
    await expectRefused('spring/', 'Cannot end with "/"');
    await expectRefused('spring..look', 'Some characters are not allowed: ".."');
    await expectRefused('new look?', 'Some characters are not allowed: " " and "?"');
    await expectRefused('a//b', 'Invalid branch name');
    // What the server answers shows as it is.
    await expectRefused('taken', 'A branch named quire/taken already exists');
    await name.fill('spring');
    await name.press('Enter');
    await page.waitForURL('**/keystatic/branch/quire%2Fspring/collection/posts');
    await page.getByRole('heading', { name: 'Posts' }).waitFor();
    assert.equal(git(site.root, 'rev-parse', 'quire/spring'), git(site.root, 'rev-parse', 'main'));
  }, { ...withRemote, setupRepo: (root) => (withRemote.setupRepo(root), git(root, 'branch', 'quire/taken')) }));

test('the default branch has no pull request and cannot be deleted; other branches have both', () =>
  gitJourney(
    async ({ page, open, site }) => {
      await open('/keystatic/branch/main');
      const main = page.getByRole('main');
      await main.getByText('Current branch').waitFor();
      await main.getByRole('button', { name: 'New branch' }).waitFor();
      assert.equal(await main.getByRole('link', { name: 'Create pull request' }).count(), 0);
      assert.equal(await main.getByRole('button', { name: 'Delete branch' }).count(), 0);
      await page.getByRole('button', { name: 'Branch actions' }).click();
      await page.getByRole('menuitem', { name: 'New branch' }).waitFor();
      assert.equal(await page.getByRole('menuitem', { name: 'Delete branch' }).count(), 0);
      await page.keyboard.press('Escape');

      // The picker opens the same screen on the branch picked.
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Authors' }).click();
      await page.getByRole('button', { name: /Branch$/ }).click();
      await page.getByRole('option', { name: 'quire/old-look' }).click();
      await page.waitForURL('**/keystatic/branch/quire%2Fold-look/collection/authors');
      await page.getByRole('link', { name: 'Dashboard' }).click();
      const pullRequest = main.getByRole('link', { name: 'Create pull request' });
      assert.equal(await pullRequest.getAttribute('href'), 'https://github.com/acme/blog/pull/new/quire/old-look');
      assert.equal(await pullRequest.getAttribute('target'), '_blank');

      await main.getByRole('button', { name: 'Delete branch' }).click();
      const dialog = page.getByRole('alertdialog');
      await dialog.getByRole('heading', { name: 'Delete branch' }).waitFor();
      await dialog.getByText('Are you sure you want to delete the "quire/old-look" branch? This cannot be undone.').waitFor();
      assert.equal(await dialog.getByRole('button', { name: 'Cancel' }).evaluate((button) => button === document.activeElement), true);
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached' });
      assert.match(git(site.root, 'branch', '--list', 'quire/old-look'), /old-look/);

      await main.getByRole('button', { name: 'Delete branch' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, delete' }).click();
      await page.waitForURL('**/keystatic/branch/main');
      assert.equal(git(site.root, 'branch', '--list', 'quire/old-look'), '');
      await page.getByRole('button', { name: /Branch$/ }).click();
      assert.equal(await page.getByRole('option', { name: 'quire/old-look' }).count(), 0);
    },
    { ...withRemote, setupRepo: (root) => (withRemote.setupRepo(root), git(root, 'branch', 'quire/old-look')) },
  ));

test('local storage has no branch controls', () =>
  journey(async ({ page, open }) => {
    await open('/keystatic');
    await page.getByText('7 entries').waitFor();
    assert.equal(await page.getByText('Current branch').count(), 0);
    assert.equal(await page.getByRole('button', { name: 'Branch actions' }).count(), 0);
  }));
