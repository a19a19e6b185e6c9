// Quire Cloud in the browser: the first owner from the set-up link the console prints, an editor
// invited with a link, a project that one admin origin may sign in to, and the spec's OAuth 2
// sign-in with PKCE from the consent page to the admin's callback, exchanged for a token; and the
// cloud's GitHub App made on GitHub (the stand-in) from the link the console prints.
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { seriousViolations } from '../helpers/axe.mjs';
import { openBrowser } from '../helpers/browser.mjs';
import { startAdminStandIn, startCloud } from '../helpers/cloud.mjs';
import { git } from '../helpers/git.mjs';
import { startStandin } from '../helpers/github.mjs';

const PASSWORD = 'a long and rare phrase';
const shot = (name) => (process.env.SCREENSHOT_DIR ? `${process.env.SCREENSHOT_DIR}/${name}.png` : undefined);

const base64url = (bytes) => Buffer.from(bytes).toString('base64url');

/**
 * The page's serious accessibility violations, once react-aria's live region has let go of what a
 * pending button announced: the button is gone after the page moved on, and the announcement that
 * names it stays for its 7 seconds.
 * @param {import('playwright-core').Page} page
 */
async function violations(page) {
  await page.waitForFunction(() => !document.querySelector('[role="log"] [aria-labelledby]'), undefined, { timeout: 10_000 });
  return seriousViolations(page);
}

/** The query an admin sends the browser to `/oauth/authorize` with. */
function authorizeQuery(redirect, challenge) {
  return new URLSearchParams({
    state: 'st4te',
    client_id: 'acme/site',
    redirect_uri: redirect,
    response_type: 'code',
    code_challenge_method: 'S256',
    code_challenge: challenge,
    keystatic_version: '0.5.48',
  }).toString();
}

test('the first owner invites an editor, who signs an admin in through the consent page and gets a token', async () => {
  const cloud = await startCloud();
  const admin = await startAdminStandIn();
  const owner = await openBrowser();
  const editor = await openBrowser({ width: 390, height: 844 }, { touch: true });
  try {
    // The first owner, from the console's link.
    const { page } = owner;
    await page.goto(cloud.setupLink);
    await page.getByRole('heading', { name: 'Set up Quire Cloud' }).waitFor();
    await page.getByLabel('Your name').fill('Olive Owner');
    await page.getByLabel('Email').fill('olive@example.com');
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByLabel('Team name').fill('Acme');
    assert.equal(await page.getByLabel('Team slug').inputValue(), 'acme', 'the slug follows the name');
    await page.getByRole('button', { name: 'Create account and team' }).click();
    await page.waitForURL(`${cloud.url}/teams/acme`);
    await page.getByRole('heading', { name: 'Acme', level: 1 }).waitFor();
    assert.deepEqual(await violations(page), []);

    // A project the stand-in admin may sign in to.
    await page.getByLabel('Project name').fill('Site');
    await page.getByLabel('Project slug').fill('site');
    await page.getByLabel('Allowed admin origins').last().fill(admin.origin);
    await page.getByRole('button', { name: 'Create project' }).click();
    await page.getByRole('region', { name: 'Projects' }).getByText('acme/site', { exact: true }).waitFor();

    // An invitation, shown to copy.
    const invite = page.getByRole('region', { name: 'Invite someone' });
    await invite.getByLabel('Email').fill('ed@example.com');
    await invite.getByRole('button', { name: 'Invite' }).click();
    const link = await page.getByLabel('Invitation link for ed@example.com').inputValue();
    assert.match(link, new RegExp(`^${cloud.url}/link#`));
    await page.screenshot({ path: shot('cloud-team'), fullPage: true });

    // The editor, on a phone, makes their account from the link.
    const phone = editor.page;
    await phone.goto(link);
    await phone.getByText('ed@example.com is invited to join Acme as Editor.').waitFor();
    await phone.getByLabel('Your name').fill('Ed Editor');
    await phone.getByLabel(/^Password/).fill(PASSWORD);
    await phone.getByRole('button', { name: 'Create account and join' }).click();
    await phone.waitForURL(`${cloud.url}/account`);
    await phone.getByRole('link', { name: /Acme/ }).waitFor();

    // The admin sends them to the cloud to sign in; they consent.
    const verifier = base64url(randomBytes(32));
    const challenge = base64url(createHash('sha256').update(verifier).digest());
    const callback = `${admin.origin}/keystatic/cloud/oauth/callback`;
    await phone.goto(`${cloud.url}/oauth/authorize?${authorizeQuery(callback, challenge)}`);
    await phone.getByText(`${admin.origin} wants to edit Site as Ed Editor.`).waitFor();
    assert.deepEqual(await violations(phone), []);
    await phone.screenshot({ path: shot('cloud-consent-phone') });
    await phone.getByRole('button', { name: 'Allow' }).click();
    await phone.waitForURL((url) => url.href.startsWith(callback));
    const received = admin.callbacks.at(-1);
    assert.ok(received, 'the admin received the browser');
    assert.equal(received.searchParams.get('state'), 'st4te');
    const code = received.searchParams.get('code');
    assert.ok(code);

    // The site's server exchanges the code with the verifier.
    const answer = await fetch(`${cloud.url}/oauth/token`, {
      method: 'POST',
      body: new URLSearchParams({ code, client_id: 'acme/site', redirect_uri: callback, code_verifier: verifier, grant_type: 'authorization_code' }),
    });
    assert.equal(answer.status, 200);
    const { access_token: token, token_type: type } = await answer.json();
    assert.equal(type, 'bearer');
    const info = await fetch(`${cloud.url}/v1/info`, { headers: { authorization: `Bearer ${token}`, 'x-keystatic-version': '0.5.48' } });
    const body = await info.json();
    assert.equal(body.user.name, 'Ed Editor');
    assert.deepEqual(body.team, { name: 'Acme', slug: 'acme', images: false, multiplayer: false });
    const again = await fetch(`${cloud.url}/oauth/token`, {
      method: 'POST',
      body: new URLSearchParams({ code, client_id: 'acme/site', redirect_uri: callback, code_verifier: verifier, grant_type: 'authorization_code' }),
    });
    assert.equal((await again.json()).error, 'invalid_grant', 'a code is used once');

    // The owner sees the editor among the members and the sign-in in the audit log.
    await page.reload();
    await page.getByRole('region', { name: 'Members' }).getByText('Ed Editor', { exact: true }).waitFor();
    await page.getByRole('region', { name: 'Audit log' }).getByText('ed@example.com signed in to acme/site').waitFor();

    // The editor renames themself and sees the browsers they are signed in with.
    await phone.goto(`${cloud.url}/account`);
    const sessions = phone.getByRole('region', { name: 'Where you are signed in' });
    await sessions.getByText('This browser').waitFor();
    const name = phone.getByRole('region', { name: 'Name' });
    await name.getByLabel('Your name').fill('Ed E.');
    await name.getByRole('button', { name: 'Save' }).click();
    await name.getByText('Saved.').waitFor();
    await page.reload();
    await page.getByRole('region', { name: 'Members' }).getByText('Ed E.', { exact: true }).waitFor();
    assert.deepEqual(await violations(phone), []);
    await phone.screenshot({ path: shot('cloud-account-phone'), fullPage: true });
  } finally {
    await owner.close();
    await editor.close();
    await admin.stop();
    await cloud.stop();
  }
});

test('a sign-in that would send the browser to an address the project does not allow shows an error page, never a redirect', async () => {
  const cloud = await startCloud();
  const browser = await openBrowser();
  try {
    cloud.admin('create-team', 'acme', '--name', 'Acme');
    cloud.admin('create-project', 'acme/site', '--name', 'Site', '--allow-origin', 'http://127.0.0.1:8788');
    const { page } = browser;
    // Signed out, a foreign redirect is refused before anything else.
    const foreign = `${cloud.url}/oauth/authorize?${authorizeQuery('https://evil.example/keystatic/cloud/oauth/callback', base64url(randomBytes(32)))}`;
    const response = await page.goto(foreign);
    assert.equal(response?.status(), 400);
    assert.equal(page.url(), foreign, 'the browser stays on the cloud');
    await page.getByRole('heading', { name: 'Cannot sign in' }).waitFor();
    await page.getByText('https://evil.example is not allowed to sign in to acme/site').waitFor();
  } finally {
    await browser.close();
    await cloud.stop();
  }
});

test("a cloud without a GitHub App makes it on GitHub from the console's link, and the team page finds it installed", async () => {
  const repo = mkdtempSync(join(tmpdir(), 'quire-cloud-app-'));
  writeFileSync(join(repo, 'README.md'), 'Hello\n');
  git(repo, 'init', '-q');
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'First');
  const standin = await startStandin(repo);
  const cloud = await startCloud({ args: ['--github-url', standin.url, '--github-api-url', `${standin.url}/api/v3`] });
  const browser = await openBrowser();
  try {
    assert.ok(cloud.githubAppLink, 'the console prints the link while the cloud has no app');
    const { page } = browser;
    await page.goto(cloud.githubAppLink);
    await page.getByRole('heading', { name: 'Make the GitHub App' }).waitFor();
    await page.getByLabel('App name').fill('Acme Cloud');
    assert.deepEqual(await violations(page), []);
    await page.screenshot({ path: shot('cloud-github-app') });
    // GitHub (the stand-in) makes the app at once and sends the browser back.
    await page.getByRole('button', { name: 'Make the app on GitHub' }).click();
    await page.waitForURL(`${cloud.url}/github-app`);
    await page.getByRole('heading', { name: 'The cloud has its GitHub App' }).waitFor();
    await page.getByText('the GitHub App acme-cloud').waitFor();
    const install = page.getByRole('link', { name: 'Install the GitHub App' });
    assert.equal(await install.getAttribute('href'), `${standin.url}/apps/acme-cloud/installations/new`);
    await page.screenshot({ path: shot('cloud-github-app-made') });

    // The link is spent; the app is the cloud's: its team page finds it installed on the repository.
    await page.goto(cloud.githubAppLink);
    await page.getByRole('heading', { name: 'The cloud has its GitHub App' }).waitFor();
    writeFileSync(join(cloud.data, 'password'), `${PASSWORD}\n`);
    cloud.admin('create-user', '--email', 'olive@example.com', '--name', 'Olive Owner', '--password-file', join(cloud.data, 'password'));
    cloud.admin('create-team', 'acme', '--name', 'Acme');
    cloud.admin('add-member', 'acme', 'olive@example.com', '--role', 'owner');
    cloud.admin('create-project', 'acme/blog', '--name', 'Blog', '--repository', 'acme/blog');
    await page.goto(`${cloud.url}/sign-in`);
    await page.getByLabel('Email').fill('olive@example.com');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${cloud.url}/account`);
    await page.goto(`${cloud.url}/teams/acme`);
    await page.getByText("The cloud's GitHub App is installed on this repository.").waitFor();
  } finally {
    await browser.close();
    await cloud.stop();
    await standin.stop();
    rmSync(repo, { recursive: true, force: true });
  }
});
