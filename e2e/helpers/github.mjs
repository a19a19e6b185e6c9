// Sites on GitHub: a copy of a site folder made a git repository and served by the GitHub
// stand-in (the github-standin binary built beside quire), its quire.yaml switched to
// `storage: { kind: github }`, and the GitHub App's settings in the site's .env.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { commitFiles, git } from './git.mjs';
import { journey } from './journey.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The stand-in binary, built by `cargo build --release --workspace` beside quire. */
function standinBinary() {
  const quire =
    process.env.QUIRE_BIN ??
    join(process.env.CARGO_TARGET_DIR ?? join(process.env.HOME ?? '/root', '.cache/quire-target'), 'release/quire');
  const bin = join(dirname(quire), 'github-standin');
  if (!existsSync(bin)) throw new Error(`github-standin not found at ${bin}; build the workspace in release`);
  return bin;
}

/** Starts the stand-in on `repoDir`; answers its URL, its control calls and a stop. */
export async function startStandin(repoDir) {
  const child = spawn(
    standinBinary(),
    ['--repo', repoDir, '--owner', 'acme', '--name', 'blog', '--client-id', 'Iv1.journeys', '--client-secret', 'app-secret'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const url = await new Promise((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`github-standin did not start:\n${output}`)), 15000);
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolveUrl(match[1]);
      }
    });
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      clearTimeout(timer);
      reject(new Error(`github-standin exited with ${code}:\n${output}`));
    });
  });
  const control = async (path, body) => {
    const response = await fetch(`${url}/_standin/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`stand-in ${path}: ${response.status} ${await response.text()}`);
    return response.status === 204 ? null : response.json();
  };
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((done) => (child.exitCode !== null || child.signalCode !== null ? done() : child.on('exit', done)));
  };
  return { url, control, stop };
}

/**
 * `journey` on a site whose content is on (the stand-in of) GitHub. The body also gets `github`:
 * the stand-in's `control(path, body)`, and `show(ref, path)` to read a file as the repository
 * holds it. `storage` adds settings to the github storage; `before(github)` runs once the stand-in
 * serves and before the admin opens (users, protected branches, pull requests).
 * @param {(ctx: Parameters<Parameters<typeof journey>[0]>[0] & { github: { url: string, control: (path: string, body?: unknown) => Promise<unknown>, show: (ref: string, path: string) => string } }) => Promise<void>} body
 * `env` adds settings to the site's .env; `app: false` leaves out the GitHub App's (the setup creates it);
 * `empty: true` leaves the repository without commits.
 * @param {Parameters<typeof journey>[1] & { storage?: Record<string, string>, env?: Record<string, string>, app?: boolean, empty?: boolean, before?: (github: { control: (path: string, body?: unknown) => Promise<unknown> }) => Promise<void> }} [options]
 */
export async function githubJourney(body, options = {}) {
  const { site = 'examples/blog', storage = {}, before, env = {}, app = true, empty = false, ...rest } = options;
  const prepared = mkdtempSync(join(tmpdir(), 'quire-github-'));
  let standin = null;
  try {
    cpSync(join(repo, site), prepared, { recursive: true });
    const config = join(prepared, 'quire.yaml');
    const settings = Object.entries(storage).map(([key, value]) => `  ${key}: ${value}\n`).join('');
    const yaml = readFileSync(config, 'utf8').replace(/^storage:\n(?:[ \t]+.*\n)*/m, '');
    writeFileSync(config, `storage:\n  kind: github\n  repo: acme/blog\n${settings}${yaml}`);
    git(prepared, 'init', '-q');
    if (!empty) {
      git(prepared, 'add', '-A');
      git(prepared, 'commit', '-q', '-m', 'Initial content');
    }
    standin = await startStandin(prepared);
    await standin.control('users', { login: 'octo', name: 'Octo Cat', permission: 'WRITE' });
    await standin.control('sign-in-as', { login: 'octo' });
    await before?.(standin);
    // The deployment's settings, as a site keeps them in .env (not in the repository).
    writeFileSync(
      join(prepared, '.env'),
      [
        ...(app
          ? ['KEYSTATIC_GITHUB_CLIENT_ID=Iv1.journeys', 'KEYSTATIC_GITHUB_CLIENT_SECRET=app-secret', `KEYSTATIC_SECRET=${'journeys-secret-'.repeat(3)}`]
          : []),
        `QUIRE_GITHUB_URL=${standin.url}`,
        `QUIRE_GITHUB_API_URL=${standin.url}/api/v3`,
        ...Object.entries(env).map(([key, value]) => `${key}=${value}`),
        '',
      ].join('\n'),
    );
    const github = {
      url: standin.url,
      control: standin.control,
      show: (ref, path) => git(prepared, 'show', `${ref}:${path}`),
      /** A commit someone else pushed to the default branch meanwhile. */
      commit: (message, files) => commitFiles(prepared, message, files),
      log: (ref) => git(prepared, 'log', '--format=%s <%ae>', ref),
    };
    await journey((ctx) => body({ ...ctx, github }), { ...rest, site: relative(repo, prepared) });
  } finally {
    await standin?.stop();
    rmSync(prepared, { recursive: true, force: true });
  }
}

/** Signs in from the sign-in screen, through the stand-in's authorize page, back to the admin. */
export async function signIn(page) {
  await page.getByRole('link', { name: 'Log in with GitHub' }).click();
  await page.getByRole('button', { name: /^Signed in as / }).waitFor();
}
