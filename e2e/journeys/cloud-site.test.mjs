// Sites whose people sign in to Quire Cloud (through the GitHub stand-in, which holds the
// repository): an editor signs in with PKCE and lands where they started, saves a commit that
// names them, makes a branch; a viewer reads only; the callback's errors; a sign-in that ends
// goes through sign-in again to the same screen; log out revokes the token; a local site with a
// cloud project, where signing in is optional; a `git` site behind
// cloud sign-in commits as its editor; the team's multiplayer flag switches co-editing (and the
// server's socket).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { test } from 'node:test';
import { EDITOR, OWNER, PASSWORD, VIEWER, auditLog, cloudSiteJourney, signInToCloud } from '../helpers/cloud-site.mjs';
import { saved } from '../helpers/journey.mjs';

const POST = 'content/posts/writing-with-git.mdoc';

/**
 * The status a WebSocket handshake at `url` gets with `cookie`: 101 when a socket opens.
 * @param {string} url
 * @param {string} cookie
 * @returns {Promise<number>}
 */
function upgradeStatus(url, cookie) {
  return new Promise((done, failed) => {
    const request = httpRequest(url, {
      headers: {
        cookie,
        origin: new URL(url).origin,
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': randomBytes(16).toString('base64'),
      },
    });
    request.on('upgrade', (response, socket) => {
      socket.destroy();
      done(response.statusCode ?? 0);
    });
    request.on('response', (response) => {
      response.resume();
      done(response.statusCode ?? 0);
    });
    request.on('error', failed);
    request.end();
  });
}
const shot = (name) => (process.env.SCREENSHOT_DIR ? `${process.env.SCREENSHOT_DIR}/${name}.png` : undefined);

test('an editor signs in to the cloud, saves a commit that names them and makes a branch', () =>
  cloudSiteJourney(async ({ page, context, open, cloud, repository }) => {
    await open('/keystatic/branch/main/collection/posts');
    await page.getByRole('link', { name: 'Log in with Keystatic Cloud' }).waitFor();
    await page.screenshot({ path: shot('cloud-site-sign-in') });
    await signInToCloud(page, EDITOR);
    await page.waitForURL('**/keystatic/branch/main/collection/posts');
    await page.getByRole('row', { name: /Writing with git/ }).waitFor();

    await open('/keystatic/branch/main');
    await page.getByText(`Hello, ${EDITOR.name}`).waitFor();
    const manage = page.getByRole('link', { name: 'Manage Account' });
    assert.equal(await manage.getAttribute('href'), `${cloud.url}/account`);
    await page.screenshot({ path: shot('cloud-site-dashboard') });

    await open('/keystatic/branch/main/collection/posts/item/writing-with-git');
    await page.getByRole('textbox', { name: 'Summary' }).fill('Saved through the cloud.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await saved(page);
    assert.match(repository.show('main', POST), /summary: Saved through the cloud\./);
    assert.equal(
      repository.last('%an|%B', 'main'),
      `quire-standin[bot]|Update ${POST.replace(/\.mdoc$/, '')}\n\nCo-authored-by: ${EDITOR.name} <${EDITOR.email}>`,
    );

    // The token is the server's: no cookie the page can read, nothing in storage.
    const cookies = await context.cookies();
    const access = cookies.find((cookie) => cookie.name === 'keystatic-gh-access-token');
    assert.equal(access?.httpOnly, true);
    assert.equal(await page.evaluate(() => JSON.stringify(localStorage).includes('token')), false);

    await open('/keystatic/branch/main');
    await page.getByRole('button', { name: 'New branch' }).first().click();
    await page.getByRole('textbox', { name: 'Branch name' }).fill('spring');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL('**/keystatic/branch/spring');
    await page.getByRole('link', { name: 'Create pull request' }).first().waitFor();
  }));

test('a viewer signs in and reads, and the admin says they cannot save', () =>
  cloudSiteJourney(async ({ page, open }) => {
    await open('/keystatic');
    await signInToCloud(page, VIEWER);
    await open('/keystatic/branch/main/collection/posts/item/writing-with-git');
    await page.getByText('You can read this repository but not change it').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Save', exact: true }).isDisabled(), true);
    await page.screenshot({ path: shot('cloud-site-viewer') });
  }));

test("the cloud callback's errors are said as text", () =>
  cloudSiteJourney(async ({ page, context, open, site }) => {
    await open('/keystatic/cloud/oauth/callback');
    await page.getByText('Missing code or state').waitFor();
    await open('/keystatic/cloud/oauth/callback?code=abc&state=forged');
    await page.getByText('Invalid state').waitFor();

    // A sign-in started here (its state cookie in this browser) that comes back with a code the
    // cloud does not know: the cloud's answer, in the spec's words.
    const login = await context.request.get(`${site.url}/api/keystatic/cloud/login`, { maxRedirects: 0 });
    const state = new URL(login.headers().location).searchParams.get('state');
    await open(`/keystatic/cloud/oauth/callback?code=not-a-code&state=${state}`);
    await page.getByText(/^Bad response: 400 Bad Request/).waitFor();
    assert.match(await page.locator('body').innerText(), /invalid_grant/);
  }));

test('a sign-in that ended goes through sign-in again to the same screen, and log out revokes', () =>
  cloudSiteJourney(async ({ page, context, open, cloud }) => {
    await open('/keystatic');
    await signInToCloud(page, EDITOR);
    await open('/keystatic/branch/main/collection/posts');
    await page.getByRole('row', { name: /Writing with git/ }).waitFor();

    // Signing out everywhere on the cloud ends the admin's sign-in too.
    const other = await context.newPage();
    await other.goto(`${cloud.url}/account`);
    await other.getByRole('button', { name: 'Sign out everywhere' }).click();
    await other.getByRole('alertdialog', { name: 'Sign out everywhere?' }).getByRole('button', { name: 'Sign out everywhere' }).click();
    await other.waitForURL(`${cloud.url}/sign-in**`);
    await other.close();
    await page.getByRole('link', { name: /Writing with git/ }).click();
    const again = page.getByRole('link', { name: 'Sign into Cloud' });
    await again.waitFor();
    await page.screenshot({ path: shot('cloud-site-signed-out') });
    await signInToCloud(page, EDITOR, 'Sign into Cloud');
    await page.waitForURL('**/keystatic/branch/main/collection/posts/item/writing-with-git');

    await page.getByRole('button', { name: `Signed in as ${EDITOR.name}` }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.getByRole('link', { name: 'Log in with Keystatic Cloud' }).waitFor();
    assert.equal((await context.cookies()).filter((cookie) => cookie.name.startsWith('keystatic-gh-')).length, 0);
    const log = await auditLog(cloud.url);
    assert.ok(log.includes(`${EDITOR.email} signed out of acme/blog`), log.join('\n'));
  }));

test('a git site behind cloud sign-in commits as the editor who saved', () =>
  cloudSiteJourney(
    async ({ page, open, repository }) => {
      await open('/keystatic/branch/main/collection/posts/item/writing-with-git');
      await signInToCloud(page, EDITOR);
      await page.waitForURL('**/keystatic/branch/main/collection/posts/item/writing-with-git');
      await page.getByRole('textbox', { name: 'Summary' }).fill('Saved on our own git server.');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await saved(page);
      assert.equal(repository.last('%an <%ae>', 'main'), `${EDITOR.name} <${EDITOR.email}>`);
      assert.match(repository.show('main', POST), /summary: Saved on our own git server\./);
    },
    { guard: true },
  ));

test('a local site with a cloud project opens without sign-in, and its editor may sign in to the cloud and out again', () =>
  cloudSiteJourney(
    async ({ page, open, site, cloud }) => {
      await open('/keystatic/collection/posts');
      await page.getByRole('row', { name: /Writing with git/ }).waitFor();
      await page.screenshot({ path: shot('cloud-local-signed-out') });
      await signInToCloud(page, EDITOR, 'Sign into Cloud');
      await page.waitForURL('**/keystatic/collection/posts');
      await page.getByRole('row', { name: /Writing with git/ }).waitFor();
      await page.getByRole('button', { name: `Signed in as ${EDITOR.name}` }).click();
      const account = page.getByRole('menuitem', { name: 'Account' });
      assert.equal(await account.getAttribute('href'), `${cloud.url}/account`);
      await page.keyboard.press('Escape');

      // The content is the site's own files, signed in or not.
      await open('/keystatic/collection/posts/item/writing-with-git');
      await page.getByRole('textbox', { name: 'Summary' }).fill('Saved on disk.');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await saved(page);
      assert.match(readFileSync(join(site.root, POST), 'utf8'), /summary: Saved on disk\./);

      await page.getByRole('button', { name: `Signed in as ${EDITOR.name}` }).click();
      await page.getByRole('menuitem', { name: 'Log out' }).click();
      await page.getByRole('link', { name: 'Sign into Cloud' }).waitFor();
      assert.ok((await auditLog(cloud.url)).includes(`${EDITOR.email} signed out of acme/blog`));
    },
    { local: true },
  ));

test("the team's multiplayer flag switches co-editing on; without it nothing of it loads", async () => {
  for (const multiplayer of [false, true]) {
    await cloudSiteJourney(
      async ({ page, context, open, site }) => {
        const sockets = [];
        page.on('websocket', (socket) => sockets.push(socket.url()));
        await open('/keystatic');
        await signInToCloud(page, EDITOR);
        const config = await page.evaluate(() =>
          fetch('/api/keystatic/v1/config', { headers: { 'no-cors': '1' } }).then((answer) => answer.json()),
        );
        assert.equal(config.config.collaboration, multiplayer);
        assert.equal(config.cloud.multiplayer, multiplayer);
        const socket = multiplayer
          ? page.waitForEvent('websocket', { predicate: (opened) => opened.url().includes('/api/keystatic/v1/collab') })
          : null;
        await open('/keystatic/branch/main/collection/posts/item/writing-with-git');
        await page.getByRole('textbox', { name: 'Summary' }).waitFor();
        if (socket) await socket;
        else assert.deepEqual(sockets.filter((url) => url.includes('/collab')), []);
        // The server, too, opens a socket only for a team that edits together.
        const cookie = (await context.cookies()).map(({ name, value }) => `${name}=${value}`).join('; ');
        assert.equal(await upgradeStatus(`${site.url}/api/keystatic/v1/collab`, cookie), multiplayer ? 101 : 403);
      },
      { multiplayer },
    );
  }
});

test("the team page connects the project's repository and says whether the cloud's app is installed there", () =>
  cloudSiteJourney(async ({ page, cloud }) => {
    await page.goto(`${cloud.url}/sign-in`);
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${cloud.url}/account`);
    await page.goto(`${cloud.url}/teams/acme`);
    const projects = page.getByRole('region', { name: 'Projects' });
    await projects.getByText("The cloud's GitHub App is installed on this repository.").waitFor();

    const form = projects.getByRole('form', { name: 'GitHub repository of Blog' });
    await form.getByRole('textbox').fill('acme/elsewhere');
    await form.getByRole('button', { name: 'Save' }).click();
    await projects.getByText("The cloud's GitHub App is not installed on this repository").waitFor();
    const install = projects.getByRole('link', { name: 'Install the GitHub App' });
    assert.match((await install.getAttribute('href')) ?? '', /\/apps\/quire-standin\/installations\/new$/);
    await page.screenshot({ path: shot('cloud-team-repository'), fullPage: true });

    await form.getByRole('textbox').fill('nonsense');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('"nonsense" is not a GitHub repository: write it as owner/name, such as acme/website.').waitFor();
    await form.getByRole('textbox').fill('acme/blog');
    await form.getByRole('button', { name: 'Save' }).click();
    await projects.getByText("The cloud's GitHub App is installed on this repository.").waitFor();
    assert.ok((await auditLog(cloud.url)).includes(`${OWNER.email} connected acme/blog to acme/elsewhere`));
  }));
