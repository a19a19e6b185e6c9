// Sites whose people sign in to Quire Cloud: a copy of a site folder made a git repository that
// the GitHub stand-in serves, a `quire cloud` holding the stand-in's GitHub App with the project
// acme/blog connected to it, and the site's quire.yaml on `storage: { kind: cloud }` (or, with
// `guard`, on `git` storage behind cloud sign-in). Its people: Eddie (editor) and Vera (viewer).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startCloud } from './cloud.mjs';
import { git } from './git.mjs';
import { startStandin } from './github.mjs';
import { journey } from './journey.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const PASSWORD = 'a long and rare phrase';
export const EDITOR = { email: 'eddie@example.com', name: 'Eddie Editor' };
export const VIEWER = { email: 'vera@example.com', name: 'Vera Viewer' };
export const OWNER = { email: 'olive@example.com', name: 'Olive Owner' };

/**
 * `journey` on a site whose people sign in to a cloud. The body also gets `cloud` (its `url`,
 * `admin(...args)` console commands) and `repository` (`show(ref, path)`, and `last(format, ref)`, the last commit's log line, of the
 * repository the site's content is in). `guard: true` serves the site's own repository on `git`
 * storage with `cloud.signIn: required` instead of the stand-in's through the cloud; `local: true`
 * serves its own files on `local` storage, where signing in to the cloud is optional; `github: true`
 * serves the stand-in's repository on `github` storage, where people sign in with GitHub (as Octo
 * Cat) and may sign in to the cloud beside it, for its images.
 * `multiplayer` switches the team's co-editing on, `images` its image service and library (`s3`:
 * kept in S3-compatible storage rather than the cloud's data folder).
 * @param {(ctx: Parameters<Parameters<typeof journey>[0]>[0] & { cloud: Awaited<ReturnType<typeof startCloud>>, repository: { show: (ref: string, path: string) => string, last: (format: string, ref: string) => string } }) => Promise<void>} body
 * @param {Parameters<typeof journey>[1] & { guard?: boolean, local?: boolean, github?: boolean, multiplayer?: boolean, images?: boolean, s3?: boolean }} [options]
 */
export async function cloudSiteJourney(body, options = {}) {
  const { site = 'examples/blog', guard = false, local = false, github = false, multiplayer = false, images = false, s3 = false, ...rest } = options;
  const prepared = mkdtempSync(join(tmpdir(), 'quire-cloud-site-'));
  const key = join(mkdtempSync(join(tmpdir(), 'quire-app-')), 'app.pem');
  let standin = null;
  let cloud = null;
  try {
    cpSync(join(repo, site), prepared, { recursive: true });
    git(prepared, 'init', '-q');
    git(prepared, 'add', '-A');
    git(prepared, 'commit', '-q', '-m', 'Initial content');
    standin = await startStandin(prepared);
    const app = /** @type {{ id: number, slug: string, privateKeyPem: string }} */ (await standin.control('app'));
    writeFileSync(key, app.privateKeyPem, { mode: 0o600 });
    cloud = await startCloud({
      s3,
      args: [
        '--github-app-id', String(app.id),
        '--github-app-key-file', key,
        '--github-app-slug', app.slug,
        '--github-url', standin.url,
        '--github-api-url', `${standin.url}/api/v3`,
      ],
    });
    const passwordFile = join(dirname(key), 'password');
    writeFileSync(passwordFile, `${PASSWORD}\n`);
    cloud.admin('create-team', 'acme', '--name', 'Acme');
    for (const [person, role] of [[EDITOR, 'editor'], [VIEWER, 'viewer'], [OWNER, 'owner']]) {
      cloud.admin('create-user', '--email', person.email, '--name', person.name, '--password-file', passwordFile);
      cloud.admin('add-member', 'acme', person.email, '--role', role);
    }
    const flags = [...(images ? ['--images'] : []), ...(multiplayer ? ['--multiplayer'] : [])];
    if (flags.length > 0) cloud.admin('set-flags', 'acme', ...flags);
    const config = join(prepared, 'quire.yaml');
    const yaml = readFileSync(config, 'utf8').replace(/^storage:\n(?:[ \t]+.*\n)*/m, '');
    const storage = guard
      ? 'storage:\n  kind: git\n'
      : local
        ? 'storage:\n  kind: local\n'
        : github
          ? 'storage:\n  kind: github\n  repo: acme/blog\n'
          : 'storage:\n  kind: cloud\n';
    const signIn = guard ? '  signIn: required\n' : '';
    writeFileSync(config, `${storage}cloud:\n  project: acme/blog\n  url: ${cloud.url}\n${signIn}${yaml}`);
    if (guard || local) {
      git(prepared, 'add', '-A');
      git(prepared, 'commit', '-q', '-m', 'Behind cloud sign-in');
    }
    if (github) {
      await standin.control('users', { login: 'octo', name: 'Octo Cat', permission: 'WRITE' });
      await standin.control('sign-in-as', { login: 'octo' });
      // The deployment's settings, as a site keeps them in .env (not in the repository).
      writeFileSync(
        join(prepared, '.env'),
        [
          'KEYSTATIC_GITHUB_CLIENT_ID=Iv1.journeys',
          'KEYSTATIC_GITHUB_CLIENT_SECRET=app-secret',
          `KEYSTATIC_SECRET=${'journeys-secret-'.repeat(3)}`,
          `QUIRE_GITHUB_URL=${standin.url}`,
          `QUIRE_GITHUB_API_URL=${standin.url}/api/v3`,
          '',
        ].join('\n'),
      );
    }
    const started = cloud;
    await journey(
      (ctx) => {
        // The project lets this admin's origin sign in, and edits the stand-in's repository.
        started.admin('create-project', 'acme/blog', '--name', 'Blog', '--allow-origin', new URL(ctx.site.url).origin, '--repository', 'acme/blog');
        const root = guard || local ? ctx.site.root : prepared;
        const repository = {
          show: (ref, path) => git(root, 'show', `${ref}:${path}`),
          last: (format, ref) => git(root, 'log', '-1', `--format=${format}`, ref).trim(),
        };
        return body({ ...ctx, cloud: started, repository });
      },
      { ...rest, site: relative(repo, prepared) },
    );
  } finally {
    await cloud?.stop();
    await standin?.stop();
    rmSync(prepared, { recursive: true, force: true });
    rmSync(dirname(key), { recursive: true, force: true });
  }
}

/**
 * Signs in from the admin's sign-in screen (its button `button`) through the cloud's sign-in and
 * consent pages, back to the admin.
 * @param {import('playwright-core').Page} page
 */
export async function signInToCloud(page, person = EDITOR, button = 'Log in with Keystatic Cloud') {
  await page.getByRole('link', { name: button }).click();
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('button', { name: 'Allow' }).click();
  await page.getByRole('button', { name: `Signed in as ${person.name}` }).waitFor();
}

/**
 * The team's audit log as its owner reads it on the cloud: the details of its events.
 * @param {string} cloudUrl
 */
export async function auditLog(cloudUrl) {
  const headers = { origin: cloudUrl, 'content-type': 'application/json', 'user-agent': 'Journeys/1.0' };
  const session = await fetch(`${cloudUrl}/api/session`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: OWNER.email, password: PASSWORD }),
  });
  if (!session.ok) throw new Error(`the owner could not sign in: ${session.status}`);
  const cookie = (session.headers.get('set-cookie') ?? '').split(';')[0];
  const log = await fetch(`${cloudUrl}/api/teams/acme/audit`, { headers: { ...headers, cookie } });
  const body = /** @type {{ events: { detail: string }[] }} */ (await log.json());
  return body.events.map((event) => event.detail);
}
