// Sites on GitHub (through the GitHub stand-in): signing in, editing as the person signed in,
// GitHub's own rules (protected branches, read-only people, pull requests), a sign-in that runs
// out, logging out; and GitHub's tokens never reach the page.
import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { githubJourney, signIn } from '../helpers/github.mjs';
import { saved } from '../helpers/journey.mjs';

const POST = 'content/posts/writing-with-git.mdoc';

/** Every body and cookie the page could see, to look for a token in. */
function watchForTokens(page, context) {
  const seen = [];
  page.on('response', async (response) => {
    seen.push(JSON.stringify(response.headers()));
    if (response.request().resourceType() === 'fetch') seen.push(await response.text().catch(() => ''));
  });
  return async () => {
    const visible = await page.evaluate(() => [document.cookie, JSON.stringify(localStorage), JSON.stringify(sessionStorage)]);
    const cookies = await context.cookies();
    return { seen: [...seen, ...visible], cookies };
  };
}

test('signing in with GitHub, saving as one commit and logging out; the page never holds a token', () =>
  githubJourney(async ({ page, context, open, github }) => {
    const look = watchForTokens(page, context);
    await open('/keystatic');
    await signIn(page);
    await page.waitForURL('**/keystatic/branch/main');
    await page.getByText('Hello, Octo Cat').waitFor();
    const view = page.getByRole('main').getByRole('link', { name: 'View on GitHub' });
    assert.equal(await view.getAttribute('href'), `${github.url}/acme/blog/tree/main`);
    await page.screenshot({ path: process.env.SCREENSHOT_DIR ? `${process.env.SCREENSHOT_DIR}/github-dashboard.png` : undefined });

    await open('/keystatic/branch/main/collection/posts/item/writing-with-git');
    await page.getByRole('textbox', { name: 'Summary' }).fill('Saved through GitHub.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await saved(page);
    assert.match(github.show('main', POST), /summary: Saved through GitHub\./);
    assert.equal(github.log('main').split('\n')[0], 'Update content/posts/writing-with-git <octo@users.noreply.github.com>');
    const file = page.getByRole('link', { name: 'View on GitHub' });
    assert.equal(await file.getAttribute('href'), `${github.url}/acme/blog/blob/main/${POST}`);

    const { seen, cookies } = await look();
    for (const text of seen) assert.doesNotMatch(text, /gh[ur]_/, 'no token in anything the page received');
    assert.deepEqual(
      cookies.filter((cookie) => cookie.name.startsWith('keystatic-gh-')).map((cookie) => [cookie.name, cookie.httpOnly]),
      [
        ['keystatic-gh-access-token', true],
        ['keystatic-gh-refresh-token', true],
      ],
    );

    await page.getByRole('button', { name: 'Signed in as Octo Cat' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.getByRole('link', { name: 'Log in with GitHub' }).waitFor();
    const requests = await github.control('requests');
    assert.ok(requests.some((r) => r.method === 'DELETE' && r.path === '/api/v3/applications/Iv1.journeys/token'), 'the token was revoked');
    assert.equal((await context.cookies()).filter((cookie) => cookie.name.startsWith('keystatic-gh-')).length, 0);
  }));

test('coming back from GitHub to the screen the sign-in started on', () =>
  githubJourney(async ({ page, open }) => {
    await open('/keystatic/branch/main/collection/posts');
    await signIn(page);
    await page.waitForURL('**/keystatic/branch/main/collection/posts');
    await page.getByRole('row', { name: /Writing with git/ }).waitFor();
  }));

test('a sign-in that ran out is renewed without asking', () =>
  githubJourney(async ({ page, open, github }) => {
    await open('/keystatic');
    await signIn(page);
    // Every call of the dashboard has answered: none is left to renew the sign-in meanwhile.
    await page.getByText('7 entries').waitFor();
    await github.control('expire-access-tokens', {});
    await open('/keystatic/branch/main/collection/posts');
    await page.getByRole('row', { name: /Writing with git/ }).waitFor();
    const requests = await github.control('requests');
    assert.ok(requests.some((r) => r.path === '/login/oauth/access_token'), 'the token was refreshed');
    assert.equal(await page.getByRole('link', { name: 'Log in with GitHub' }).count(), 0);
  }));

test('a protected branch on GitHub takes changes only through a new branch, with its pull request', () =>
  githubJourney(
    async ({ page, open, github }) => {
      await open('/keystatic/branch/main/singleton/settings');
      await signIn(page);
      await page.getByRole('textbox', { name: 'Tagline' }).fill('Reviewed first');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'New branch' });
      await dialog.getByText('Changes must be made via pull request to this branch. Create a new branch to save changes.').waitFor();
      await dialog.getByRole('textbox', { name: 'Branch name' }).fill('tagline');
      await dialog.getByRole('button', { name: 'Create branch and save' }).click();
      await page.waitForURL('**/keystatic/branch/quire%2Ftagline/singleton/settings');
      assert.match(github.show('quire/tagline', 'content/settings.yaml'), /tagline: Reviewed first/);
      assert.doesNotMatch(github.show('main', 'content/settings.yaml'), /Reviewed first/);

      await open('/keystatic/branch/quire%2Ftagline');
      const create = page.getByRole('link', { name: 'Create pull request' });
      assert.equal(await create.getAttribute('href'), `${github.url}/acme/blog/pull/new/quire/tagline`);
      await github.control('pulls', { number: 12, branch: 'quire/tagline', state: 'OPEN' });
      await page.reload();
      const pull = page.getByRole('link', { name: 'Pull request #12' });
      assert.equal(await pull.getAttribute('href'), `${github.url}/acme/blog/pull/12`);
      // The sidebar's branch menu looks it up too.
      await page.getByRole('button', { name: 'Branch actions' }).click();
      const item = page.getByRole('menuitem', { name: 'Pull request #12' });
      assert.equal(await item.getAttribute('href'), `${github.url}/acme/blog/pull/12`);
      assert.equal(await page.getByRole('menuitem', { name: 'Create pull request' }).count(), 0);
    },
    { storage: { branchPrefix: 'quire/' }, before: (github) => github.control('protect', { branch: 'main' }) },
  ));

test('someone who may only read sees the content, and the admin read-only', () =>
  githubJourney(
    async ({ page, open, github }) => {
      await open('/keystatic/branch/main/collection/posts/item/writing-with-git');
      await signIn(page);
      await page.getByText('You can read this repository but not change it').waitFor();
      await page.getByText(`Saving needs push access to ${github.url}/acme/blog; ask one of its owners for it.`).waitFor();
      await page.getByRole('textbox', { name: 'Summary' }).fill('Not mine to change');
      assert.ok(await page.getByRole('button', { name: 'Save', exact: true }).isDisabled());
      assert.ok(await page.getByRole('button', { name: 'Delete entry…' }).isDisabled());
      await page.screenshot({ path: process.env.SCREENSHOT_DIR ? `${process.env.SCREENSHOT_DIR}/github-read-only.png` : undefined });
    },
    {
      before: async (github) => {
        await github.control('users', { login: 'reader', name: 'Rea Der', permission: 'READ' });
        await github.control('sign-in-as', { login: 'reader' });
      },
    },
  ));

test('someone who may only read forks the repository from the Fork Repo dialog, and the save lands on the fork', () =>
  githubJourney(
    async ({ page, open, github }) => {
      await open('/keystatic/branch/main/collection/posts/item/writing-with-git');
      await signIn(page);
      await page.getByText(`To save your changes, fork ${github.url}/acme/blog on GitHub: saving shows you how.`).waitFor();
      await page.getByRole('textbox', { name: 'Summary' }).fill('Proposed from a fork');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Fork Repo' });
      await dialog.getByText("You don't have permission to write to this repo").waitFor();
      await page.screenshot({ path: process.env.SCREENSHOT_DIR ? `${process.env.SCREENSHOT_DIR}/github-fork-dialog.png` : undefined });

      // Both steps happen on GitHub, in windows of their own.
      const [forking] = await Promise.all([page.waitForEvent('popup'), dialog.getByRole('link', { name: 'Fork the repo on GitHub' }).click()]);
      await forking.getByText('Forked to reader/blog').waitFor();
      await forking.close();
      assert.ok(await dialog.isVisible(), 'the dialog waits for the app on the fork');
      const [installing] = await Promise.all([
        page.waitForEvent('popup'),
        dialog.getByRole('link', { name: 'Install the GitHub App on your fork' }).click(),
      ]);
      // GitHub returns to Quire, whose page tells the admin and closes itself (perhaps already).
      if (!installing.isClosed()) await installing.waitForEvent('close');

      await saved(page);
      await dialog.waitFor({ state: 'detached' });
      const onFork = await github.control('fork-file', { login: 'reader', branch: 'main', path: POST });
      assert.match(onFork.text, /^summary: Proposed from a fork$/m);
      assert.doesNotMatch(github.show('main', POST), /Proposed from a fork/, 'the repository itself is untouched');
      await page.getByText('You are working on your fork').waitFor();
      await page.getByText(`Changes are saved to ${github.url}/reader/blog.`).waitFor();
      await page.screenshot({ path: process.env.SCREENSHOT_DIR ? `${process.env.SCREENSHOT_DIR}/github-on-fork.png` : undefined });

      // Opened again, the admin reads the fork.
      await page.reload();
      assert.equal(await page.getByRole('textbox', { name: 'Summary' }).inputValue(), 'Proposed from a fork');
    },
    {
      env: { PUBLIC_KEYSTATIC_GITHUB_APP_SLUG: 'quire-journeys' },
      before: async (github) => {
        await github.control('users', { login: 'reader', name: 'Rea Der', permission: 'READ' });
        await github.control('sign-in-as', { login: 'reader' });
      },
    },
  ));

test('someone who may only read but has a fork works on it and proposes its branches upstream', () =>
  githubJourney(
    async ({ page, open, github }) => {
      await open('/keystatic');
      await signIn(page);
      await page.getByText('You are working on your fork').waitFor();
      // Even the fork's default branch is proposed to the repository's.
      const create = page.getByRole('link', { name: 'Create pull request' });
      assert.equal(await create.getAttribute('href'), `${github.url}/acme/blog/compare/main...reader:main`);
      await github.control('pulls', { number: 3, branch: 'main', headOwner: 'reader', state: 'OPEN' });
      await page.reload();
      const open3 = page.getByRole('link', { name: 'Pull request #3' });
      assert.equal(await open3.getAttribute('href'), `${github.url}/acme/blog/pull/3`);

      await open('/keystatic/branch/main/collection/posts/item/writing-with-git');
      await page.getByRole('textbox', { name: 'Summary' }).fill('From my fork');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await saved(page);
      const onFork = await github.control('fork-file', { login: 'reader', branch: 'main', path: POST });
      assert.match(onFork.text, /^summary: From my fork$/m);
      assert.doesNotMatch(github.show('main', POST), /From my fork/);
    },
    {
      before: async (github) => {
        await github.control('users', { login: 'reader', name: 'Rea Der', permission: 'READ' });
        await github.control('sign-in-as', { login: 'reader' });
        await github.control('forks', { login: 'reader', appInstalled: true });
      },
    },
  ));

test('someone GitHub does not let read the repository is told so, with the ways forward', () =>
  githubJourney(
    async ({ page, open, github, site }) => {
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
      await open('/keystatic');
      await page.getByRole('link', { name: 'Log in with GitHub' }).click();
      await page.getByRole('heading', { name: 'Repo not found' }).waitFor();
      await page.getByText('The repository acme/blog was not found, or you may not read it').waitFor();
      const install = page.getByRole('link', { name: 'Install GitHub App' });
      assert.equal(await install.getAttribute('href'), `${github.url}/apps/quire-journeys/installations/new`);
      await page.screenshot({ path: process.env.SCREENSHOT_DIR ? `${process.env.SCREENSHOT_DIR}/github-repo-not-found.png` : undefined });
      await page.getByRole('button', { name: 'Copy Repo Name' }).click();
      await page.getByText('Copied acme/blog').waitFor();
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), 'acme/blog');

      // Keystatic's way to this page renews the sign-in, then shows it at its own address.
      await page.goto(`${site.url}/api/keystatic/github/repo-not-found`);
      await page.waitForURL('**/keystatic/repo-not-found');
      await page.getByRole('heading', { name: 'Repo not found' }).waitFor();
      // Once GitHub lets them read it, the address leads to the dashboard.
      await github.control('users', { login: 'stranger', name: 'Stran Ger', permission: 'READ' });
      await page.reload();
      await page.waitForURL(/\/keystatic\/branch\/main\/?$/);
      await page.getByText('Hello, Stran Ger').waitFor();
    },
    {
      env: { PUBLIC_KEYSTATIC_GITHUB_APP_SLUG: 'quire-journeys' },
      before: async (github) => {
        await github.control('users', { login: 'stranger', name: 'Stran Ger', permission: 'NONE' });
        await github.control('sign-in-as', { login: 'stranger' });
      },
    },
  ));

test('only the people storage.allow names get in, by login or by team', () =>
  githubJourney(
    async ({ page, open, github }) => {
      await open('/keystatic');
      await page.getByRole('link', { name: 'Log in with GitHub' }).click();
      await page.getByRole('heading', { name: 'Not allowed' }).waitFor();
      await page.getByText('octo may not use this admin; ask its owners to add you to storage.allow in quire.yaml').waitFor();
      // Another account, in the team, gets in.
      await github.control('users', { login: 'mona', name: 'Mona Lisa', permission: 'WRITE' });
      await github.control('sign-in-as', { login: 'mona' });
      await github.control('teams', { org: 'acme', team: 'editors', members: ['mona'] });
      await page.getByRole('button', { name: 'Log out' }).click();
      await signIn(page);
      await page.getByText('Hello, Mona Lisa').waitFor();
    },
    { storage: { allow: '[hubot, acme/editors]' } },
  ));

test('a new site creates its GitHub App from the admin, keeps its settings in .env, then signs in', () =>
  githubJourney(
    async ({ page, open, github, site }) => {
      // Without the address the server printed, the admin says what is missing and where to go.
      await open('/keystatic');
      await page.getByRole('heading', { name: "Keystatic doesn't have the required config" }).waitFor();
      await page.getByText('To create the app from here, open the address Quire printed where it was started').waitFor();
      assert.equal(await page.getByRole('button', { name: 'Create GitHub App' }).count(), 0);
      const printed = /open (http:\/\/\S+\/api\/keystatic\/github\/setup\?secret=[0-9a-f]+)/.exec(site.printed());
      assert.ok(printed, site.printed());
      await page.goto(printed[1]);
      await page.waitForURL(/\/keystatic$/);
      await page.getByRole('heading', { name: "Keystatic doesn't have the required config" }).waitFor();
      for (const name of ['KEYSTATIC_GITHUB_CLIENT_ID', 'KEYSTATIC_GITHUB_CLIENT_SECRET', 'KEYSTATIC_SECRET']) {
        await page.getByText(name, { exact: true }).waitFor();
      }
      await page.screenshot({ path: process.env.SCREENSHOT_DIR ? `${process.env.SCREENSHOT_DIR}/github-setup.png` : undefined });
      await page.getByRole('textbox', { name: 'App name' }).fill('Blog Quire');
      await page.getByRole('textbox', { name: 'GitHub organization' }).fill('acme');
      await page.getByRole('button', { name: 'Create GitHub App' }).click();

      await page.waitForURL('**/keystatic/created-github-app?slug=blog-quire');
      await page.getByRole('heading', { name: 'GitHub App created' }).waitFor();
      const install = page.getByRole('link', { name: 'Install GitHub App' });
      assert.equal(await install.getAttribute('href'), `${github.url}/apps/blog-quire/installations/new`);
      const env = site.read('.env');
      assert.match(env, /^KEYSTATIC_GITHUB_CLIENT_ID=Iv1\.journeys$/m);
      assert.match(env, /^KEYSTATIC_GITHUB_CLIENT_SECRET=app-secret$/m);
      assert.match(env, /^KEYSTATIC_SECRET=[0-9a-f]{80}$/m);
      assert.match(env, /^PUBLIC_KEYSTATIC_GITHUB_APP_SLUG=blog-quire$/m);
      assert.equal(statSync(join(site.root, '.env')).mode & 0o777, 0o600, 'only its owner reads the secret');

      await page.getByRole('link', { name: 'Log in with GitHub' }).click();
      await page.getByText('Hello, Octo Cat').waitFor();
    },
    { app: false },
  ));

test('a setup link made elsewhere does not set up an app', () =>
  githubJourney(
    async ({ page, open, site }) => {
      await open('/api/keystatic/github/created-app?code=0123abcd&state=made-up');
      await page.getByText('Invalid state').waitFor();
      assert.doesNotMatch(site.read('.env'), /KEYSTATIC_GITHUB_CLIENT_ID/);
    },
    { app: false },
  ));

test('a repository on GitHub without commits says so', () =>
  githubJourney(
    async ({ page, open }) => {
      await open('/keystatic');
      await page.getByRole('link', { name: 'Log in with GitHub' }).click();
      await page.getByRole('heading', { name: 'Git repo not initialised' }).waitFor();
      await page.getByText('The Git repo acme/blog must be initialised before use: it has no commits yet. Make a first commit (a README will do), then reload.').waitFor();
      assert.equal(await page.getByText('Failed to load shell').count(), 0);
    },
    { empty: true },
  ));

test('a branch on GitHub that moved meanwhile: other files are followed, a changed entry asks for a new branch', () =>
  githubJourney(
    async ({ page, open, github }) => {
      await open('/keystatic/branch/main/collection/posts/item/writing-with-git');
      await signIn(page);
      const summary = page.getByRole('textbox', { name: 'Summary' });
      await summary.fill('Mine, first');
      github.commit('Elsewhere', { 'content/authors/mei-lin.yaml': 'name: Mei Lin\nrole: Chief editor\n' });
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await saved(page);
      assert.equal(github.log('main').split('\n')[1], 'Elsewhere <journeys@quire.invalid>', 'the save went on top of the other commit');

      await summary.fill('Mine, second');
      const theirs = github.show('main', POST).replace('summary: Mine, first', 'summary: Theirs');
      github.commit('Theirs', { [POST]: `${theirs}\n` });
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'New branch' });
      await dialog.getByText('This entry has been updated since it was opened. Create a new branch to save changes.').waitFor();
      await dialog.getByRole('textbox', { name: 'Branch name' }).fill('mine');
      await dialog.getByRole('button', { name: 'Create branch and save' }).click();
      await page.waitForURL('**/keystatic/branch/quire%2Fmine/collection/posts/item/writing-with-git');
      assert.match(github.show('quire/mine', POST), /summary: Mine, second/);
      assert.match(github.show('main', POST), /summary: Theirs/);
    },
    { storage: { branchPrefix: 'quire/' } },
  ));

test("on a phone, an entry's file on GitHub is among the more actions", () =>
  githubJourney(
    async ({ page, open, github }) => {
      await open('/keystatic/branch/main/collection/posts/item/writing-with-git');
      // On a phone the user menu sits in the closed navigation: the form shows who got in.
      await page.getByRole('link', { name: 'Log in with GitHub' }).click();
      await page.getByRole('textbox', { name: 'Summary' }).waitFor();
      await page.getByRole('button', { name: 'More actions' }).click();
      const file = page.getByRole('menuitem', { name: 'View on GitHub' });
      assert.equal(await file.getAttribute('href'), `${github.url}/acme/blog/blob/main/${POST}`);
    },
    { viewport: { width: 390, height: 844 } },
  ));

/** A 1×1 GIF. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

test('on GitHub: create an entry with an image, New branch, delete the entry there, Delete branch', () =>
  githubJourney(
    async ({ page, open, github }) => {
      await open('/keystatic/branch/main/collection/authors/create');
      await signIn(page);
      await page.getByRole('textbox', { name: 'Name' }).fill('Grace Hopper');
      await page.getByRole('textbox', { name: 'Role' }).fill('Rear admiral');
      const avatar = page.getByRole('group', { name: 'Avatar' });
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), avatar.getByRole('button', { name: 'Choose image' }).click()]);
      await chooser.setFiles({ name: 'grace.gif', mimeType: 'image/gif', buffer: GIF });
      await page.getByRole('button', { name: 'Create' }).click();
      await page.waitForURL('**/keystatic/branch/main/collection/authors/item/grace-hopper');
      assert.match(github.show('main', 'content/authors/grace-hopper.yaml'), /name: Grace Hopper/);
      assert.ok(github.show('main', 'public/images/authors/grace-hopper/avatar.gif').length > 0, 'the image is in the same commit');
      assert.equal(github.log('main').split('\n')[0], 'Create content/authors/grace-hopper <octo@users.noreply.github.com>');

      await page.getByRole('button', { name: 'Branch actions' }).click();
      await page.getByRole('menuitem', { name: 'New branch' }).click();
      const dialog = page.getByRole('dialog', { name: 'New branch' });
      await dialog.getByRole('textbox', { name: 'Branch name' }).fill('spring');
      await dialog.getByRole('button', { name: 'Create' }).click();
      await page.waitForURL('**/keystatic/branch/quire%2Fspring/collection/authors/item/grace-hopper');

      await page.getByRole('button', { name: 'Delete entry…' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, delete' }).click();
      await page.waitForURL('**/keystatic/branch/quire%2Fspring/collection/authors');
      assert.throws(() => github.show('quire/spring', 'content/authors/grace-hopper.yaml'), 'deleted on the branch');
      assert.match(github.show('main', 'content/authors/grace-hopper.yaml'), /Grace Hopper/, 'and still on main');
      assert.equal(github.log('quire/spring').split('\n')[0], 'Delete content/authors/grace-hopper <octo@users.noreply.github.com>');

      await open('/keystatic/branch/quire%2Fspring');
      const main = page.getByRole('main');
      await main.getByRole('button', { name: 'Delete branch' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, delete' }).click();
      await page.waitForURL('**/keystatic/branch/main');
      assert.throws(() => github.show('quire/spring', 'quire.yaml'), 'the branch is gone');
    },
    { storage: { branchPrefix: 'quire/' } },
  ));
