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
 * moto's S3 server (scripts/lib.sh installs it) on a free loopback port with one bucket, and the
 * environment that reaches it.
 * @returns {Promise<{ url: string, env: Record<string, string>, stop: () => Promise<void> }>}
 */
async function startS3() {
  const program = process.env.QUIRE_MOTO_SERVER ?? join(process.env.HOME ?? '', '.cache/quire-moto/bin/moto_server');
  const port = await freePort();
  const child = spawn(program, ['-H', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
  const endpoint = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`moto's server (${program}) stopped`);
    try {
      if ((await fetch(`${endpoint}/images`, { method: 'PUT' })).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() - started > 30_000) throw new Error("moto's server did not answer");
    await new Promise((done) => setTimeout(done, 100));
  }
  return {
    url: 's3://images/cloud',
    env: {
      AWS_ENDPOINT: endpoint,
      AWS_ALLOW_HTTP: 'true',
      AWS_ACCESS_KEY_ID: 'test',
      AWS_SECRET_ACCESS_KEY: 'test',
      AWS_REGION: 'us-east-1',
    },
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((done) => (child.exitCode !== null || child.signalCode !== null ? done() : child.on('exit', done)));
    },
  };
}

/**
 * `admin(...args)` runs one of its console commands (`create-team acme --name Acme`). With
 * `localhost`, people reach it at http://localhost:PORT, a domain name, as passkeys need; `args`
 * go to `quire cloud` (its GitHub App, say). With `s3`, its images are in a bucket of moto's S3
 * server rather than its data folder.
 * `githubAppLink` is the one-time link that makes its GitHub App, when it starts without one.
 * @returns {Promise<{ url: string, setupLink: string, githubAppLink: string | null, data: string, admin: (...args: string[]) => string, stop: () => Promise<void> }>}
 */
export async function startCloud({ localhost = false, args = [], s3 = false } = {}) {
  const data = mkdtempSync(join(tmpdir(), 'quire-cloud-'));
  const port = localhost ? await freePort() : 0;
  const address = localhost ? ['--public-url', `http://localhost:${port}`] : [];
  const bucket = s3 ? await startS3() : null;
  const images = bucket === null ? [] : ['--images', bucket.url];
  const child = spawn(quireBinary(), ['cloud', '--data', data, '--port', String(port), ...address, ...images, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...bucket?.env },
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
      await bucket?.stop();
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
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    // The browser asks for the page's icon after the callback, at times before a test reads it.
    if (url.pathname !== '/favicon.ico') callbacks.push(url);
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
