// Starts `quire cloud` over a fresh data folder, and a stand-in for a site's admin that only
// receives the browser at its sign-in callback.
import { execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { quireBinary } from './site.mjs';

/** A loopback port that was free a moment ago. */
async function freePort() {
  const server = createTcpServer();
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  await new Promise((done) => server.close(done));
  return address.port;
}

/**
 * `admin(...args)` runs one of its console commands (`create-team acme --name Acme`). With
 * `localhost`, people reach it at http://localhost:PORT, a domain name, as passkeys need; `args`
 * go to `quire cloud` (its GitHub App, say).
 * `githubAppLink` is the one-time link that makes its GitHub App, when it starts without one.
 * @returns {Promise<{ url: string, setupLink: string, githubAppLink: string | null, data: string, admin: (...args: string[]) => string, stop: () => Promise<void> }>}
 */
export async function startCloud({ localhost = false, args = [] } = {}) {
  const data = mkdtempSync(join(tmpdir(), 'quire-cloud-'));
  const port = localhost ? await freePort() : 0;
  const address = localhost ? ['--public-url', `http://localhost:${port}`] : [];
  const child = spawn(quireBinary(), ['cloud', '--data', data, '--port', String(port), ...address, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  child.stderr.on('data', (chunk) => (out += chunk));
  const started = Date.now();
  while (!/\/setup#\S+/.test(out)) {
    if (child.exitCode !== null) throw new Error(`quire cloud stopped: ${out}`);
    if (Date.now() - started > 20_000) throw new Error(`quire cloud printed no set-up link: ${out}`);
    await new Promise((done) => setTimeout(done, 50));
  }
  const url = /running at (\S+)/.exec(out)?.[1];
  const setupLink = /(\S+\/setup#\S+)/.exec(out)?.[1];
  if (!url || !setupLink) throw new Error(`unexpected output: ${out}`);
  // Printed before the set-up link.
  const githubAppLink = /(\S+\/github-app#\S+)/.exec(out)?.[1] ?? null;
  return {
    url,
    setupLink,
    githubAppLink,
    data,
    admin: (...args) => execFileSync(quireBinary(), ['cloud', '--data', data, 'admin', ...args], { encoding: 'utf8' }),
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((done) => (child.exitCode !== null || child.signalCode !== null ? done() : child.on('exit', done)));
      rmSync(data, { recursive: true, force: true });
    },
  };
}

/**
 * An admin's origin on loopback that records the callbacks it receives.
 * @returns {Promise<{ origin: string, callbacks: URL[], stop: () => Promise<void> }>}
 */
export async function startAdminStandIn() {
  /** @type {URL[]} */
  const callbacks = [];
  const server = createServer((request, response) => {
    callbacks.push(new URL(request.url ?? '/', 'http://127.0.0.1'));
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><title>Admin</title><p>Signed in</p>');
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    origin: `http://127.0.0.1:${address.port}`,
    callbacks,
    stop: () => new Promise((done) => server.close(() => done(undefined))),
  };
}
