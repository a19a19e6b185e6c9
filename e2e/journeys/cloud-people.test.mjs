// Quire Cloud's people in the browser: a viewer invited by the owner makes their account, chooses
// a picture, adds a passkey (Chromium's virtual authenticator) and signs in with it alone; a viewer sees the team
// without its controls and the service refuses what the page hides; the owner makes them an editor
// and then takes them out, renames a project, and the audit log says so; last, the owner deletes
// the team.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { test } from 'node:test';
import { seriousViolations } from '../helpers/axe.mjs';
import { openBrowser } from '../helpers/browser.mjs';
import { startCloud } from '../helpers/cloud.mjs';

const PASSWORD = 'a long and rare phrase';

/** A one-pixel red PNG. */
const RED_PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

/**
 * The page's serious accessibility violations once react-aria's live region has let go of what a
 * pending button announced.
 * @param {import('playwright-core').Page} page
 */
async function violations(page) {
  await page.waitForFunction(() => !document.querySelector('[role="log"] [aria-labelledby]'), undefined, { timeout: 10_000 });
  return seriousViolations(page);
}

/**
 * Gives the browser of `page` a platform authenticator that makes discoverable passkeys and
 * verifies its user, as a laptop's fingerprint reader does.
 * @param {import('playwright-core').BrowserContext} context
 * @param {import('playwright-core').Page} page
 */
async function addAuthenticator(context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  return async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
}

test('an invited viewer signs in with a passkey; the owner makes them an editor, takes them out, and deletes the team', async () => {
  const cloud = await startCloud({ localhost: true });
  const passwordFile = join(tmpdir(), `quire-cloud-password-${process.pid}`);
  writeFileSync(passwordFile, `${PASSWORD}\n`);
  cloud.admin('create-user', '--email', 'olive@example.com', '--name', 'Olive Owner', '--password-file', passwordFile);
  cloud.admin('create-team', 'acme', '--name', 'Acme');
  cloud.admin('add-member', 'acme', 'olive@example.com', '--role', 'owner');
  cloud.admin('create-project', 'acme/site', '--name', 'Site', '--allow-origin', 'https://cms.example.com');
  const owner = await openBrowser();
  const viewer = await openBrowser();
  try {
    const { page } = owner;
    await page.goto(`${cloud.url}/sign-in?next=/teams/acme`);
    await page.getByLabel('Email').fill('olive@example.com');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Acme', level: 1 }).waitFor();

    // A viewer, invited with the role chosen.
    const invite = page.getByRole('region', { name: 'Invite someone' });
    await invite.getByLabel('Email').fill('vic@example.com');
    await invite.getByRole('button', { name: /Role/ }).click();
    await page.getByRole('option', { name: 'Viewer' }).click();
    await invite.getByRole('button', { name: 'Invite' }).click();
    const link = await page.getByLabel('Invitation link for vic@example.com').inputValue();

    const vic = viewer.page;
    const credentials = await addAuthenticator(viewer.context, vic);
    await vic.goto(link);
    await vic.getByText('vic@example.com is invited to join Acme as Viewer.').waitFor();
    await vic.getByLabel('Your name').fill('Vic Viewer');
    await vic.getByLabel(/^Password/).fill(PASSWORD);
    await vic.getByRole('button', { name: 'Create account and join' }).click();
    await vic.waitForURL(`${cloud.url}/account`);

    // Their initials until they choose a picture, which the cloud serves cut to its size.
    await vic.locator('.cloud-avatar-initials').getByText('VV').waitFor();
    await vic.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from(RED_PIXEL, 'base64') });
    await vic.getByRole('region', { name: 'Picture' }).getByText('Picture saved.').waitFor();
    const picture = vic.locator('img.cloud-avatar');
    await vic.waitForFunction(() => document.querySelector('img.cloud-avatar')?.complete);
    assert.equal(await picture.evaluate((img) => img.naturalWidth), 256);

    // A passkey, added on the account page and kept by the authenticator.
    const passkeys = vic.getByRole('region', { name: 'Passkeys' });
    await passkeys.getByText('No passkeys yet.').waitFor();
    await passkeys.getByLabel('Passkey name').fill('This laptop');
    await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
    await passkeys.getByText('This laptop', { exact: true }).waitFor();
    await passkeys.getByText('Never used').waitFor();
    const kept = await credentials();
    assert.equal(kept.length, 1);
    assert.equal(kept[0].isResidentCredential, true, 'a passkey the browser offers without an email');
    assert.deepEqual(await violations(vic), []);
    await vic.screenshot({ path: '/tmp/shots/cloud-passkeys.png', fullPage: true });

    // Signed out, the passkey alone signs them in: no email, no password.
    await vic.getByRole('button', { name: 'Sign out', exact: true }).last().click();
    await vic.waitForURL(`${cloud.url}/sign-in`);
    await vic.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await vic.waitForURL(`${cloud.url}/account`);
    await vic.getByText('vic@example.com').waitFor();
    await passkeys.getByText(/^Last used/).waitFor();

    // A viewer sees the team without its controls, and the service refuses what the page hides.
    await vic.goto(`${cloud.url}/teams/acme`);
    await vic.getByRole('heading', { name: 'Acme', level: 1 }).waitFor();
    await vic.getByRole('region', { name: 'Members' }).getByText('Olive Owner', { exact: true }).waitFor();
    assert.equal(await vic.getByRole('region', { name: 'Invite someone' }).count(), 0);
    assert.equal(await vic.getByRole('region', { name: 'Audit log' }).count(), 0);
    const refused = await vic.evaluate(async () => {
      const answer = await fetch('/api/teams/acme/invitations', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'mallory@example.com', role: 'owner' }),
      });
      return answer.status;
    });
    assert.equal(refused, 403);

    // The owner makes them an editor; their page shows it.
    await page.reload();
    const members = page.getByRole('region', { name: 'Members' });
    await members.getByRole('button', { name: /Role of Vic Viewer/ }).click();
    await page.getByRole('option', { name: 'Editor' }).click();
    await page.getByRole('region', { name: 'Audit log' }).getByText('olive@example.com changed vic@example.com from viewer to editor').waitFor();
    await vic.goto(`${cloud.url}/account`);
    const teams = vic.getByRole('region', { name: 'Your teams' });
    await teams.getByText('Editor', { exact: true }).waitFor();

    // The owner renames the project; the log says so.
    const projects = page.getByRole('region', { name: 'Projects' });
    await projects.getByRole('button', { name: 'Rename' }).click();
    await projects.getByLabel('Name of Site').fill('Website');
    await projects.getByRole('button', { name: 'Save name' }).click();
    await projects.getByRole('heading', { name: 'Website' }).waitFor();
    await page.getByRole('region', { name: 'Audit log' }).getByText('olive@example.com renamed acme/site from Site to Website').waitFor();

    // Then takes them out, after a confirmation: the team is gone from their account.
    await members.getByRole('listitem').filter({ hasText: 'Vic Viewer' }).getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('alertdialog', { name: 'Remove Vic Viewer from Acme?' }).getByRole('button', { name: 'Remove' }).click();
    await members.getByText('Vic Viewer', { exact: true }).waitFor({ state: 'detached' });
    await vic.reload();
    await teams.getByText('You are not a member of any team yet.').waitFor();
    await vic.goto(`${cloud.url}/teams/acme`);
    await vic.getByText('There is no team acme of yours.').waitFor();
    assert.deepEqual(await violations(page), []);

    // Last, the owner deletes the team; they keep their account.
    await page.getByRole('region', { name: 'Delete team' }).getByRole('button', { name: 'Delete team' }).click();
    await page.getByRole('alertdialog', { name: 'Delete Acme?' }).getByRole('button', { name: 'Delete team' }).click();
    await page.waitForURL(`${cloud.url}/account`);
    await page.getByText('You are not a member of any team yet.').waitFor();
  } finally {
    await owner.close();
    await viewer.close();
    await cloud.stop();
  }
});
