// Starts the quire binary on a fresh copy of a site and stops it afterwards.
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The release binary (QUIRE_BIN) or the scripts' build location. The binary carries the admin it
 * was built with: one older than `web/dist` would serve an admin other than this checkout's.
 */
export function quireBinary() {
  const bin =
    process.env.QUIRE_BIN ??
    join(process.env.CARGO_TARGET_DIR ?? join(process.env.HOME ?? '/root', '.cache/quire-target'), 'release/quire');
  if (!existsSync(bin)) throw new Error(`quire binary not found at ${bin}; build it or set QUIRE_BIN`);
  const admin = join(repo, 'web/dist/index.html');
  if (existsSync(admin) && statSync(bin).mtimeMs < statSync(admin).mtimeMs) {
    throw new Error(`${bin} is older than web/dist: it would serve another admin. Build it again (cargo build --release) or set QUIRE_BIN`);
  }
  return bin;
}

/**
 * Copies `relative` (a folder of the repository) to a temporary directory and serves it. `files`
 * (path → text or bytes) are written into the copy before the server starts, which reads its
 * `quire.yaml` only then: a journey can serve its own configuration or a file of the wrong shape.
 * @param {string} [relative]
 * @param {{ files?: Record<string, string | Uint8Array> }} [options]
 * @returns {Promise<{ url: string, root: string, pid: number | undefined, printed: () => string, read: (p: string) => string | null, readBytes: (p: string) => Buffer | null, write: (p: string, text: string) => void, stop: () => Promise<void>, restart: () => Promise<void> }>}
 */
export async function startSite(relative = 'examples/blog', options = {}) {
  const root = mkdtempSync(join(tmpdir(), 'quire-site-'));
  cpSync(join(repo, relative), root, { recursive: true });
  for (const [path, contents] of Object.entries(options.files ?? {})) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), contents);
  }
  let child;
  let url;
  let printed;
  try {
    ({ child, url, printed } = await serve(root, '0'));
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  const stopChild = async () => {
    child.kill('SIGTERM');
    // A server that already ended (by a signal too) has fired its 'exit' event: do not wait for it.
    await new Promise((done) => (child.exitCode !== null || child.signalCode !== null ? done() : child.on('exit', done)));
  };
  return {
    url,
    root,
    /** The server's process id (the benchmark reads its peak memory). */
    get pid() {
      return child.pid;
    },
    /** What the server printed so far (its address; the setup's address, when it has one). */
    printed: () => printed(),
    read: (path) => {
      try {
        return readFileSync(join(root, path), 'utf8');
      } catch {
        return null;
      }
    },
    readBytes: (path) => {
      try {
        return readFileSync(join(root, path));
      } catch {
        return null;
      }
    },
    write: (path, text) => writeFileSync(join(root, path), text),
    stop: async () => {
      await stopChild();
      rmSync(root, { recursive: true, force: true });
    },
    /** Stops the server and starts it again at the same address (it remembers nothing in between). */
    restart: async () => {
      await stopChild();
      ({ child, printed } = await serve(root, new URL(url).port));
    },
  };
}

/** Starts the binary on `root` at `port` ('0': any free one); answers the process and its address. */
async function serve(root, port) {
  const child = spawn(quireBinary(), ['serve', '--root', root, '--port', port], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, RUST_LOG: 'warn' },
  });
  let output = '';
  try {
    const url = await new Promise((resolveUrl, reject) => {
      const timer = setTimeout(() => reject(new Error(`quire did not start:\n${output}`)), 15000);
      const onData = (chunk) => {
        output += chunk;
        const match = /at (http:\/\/\S+)\/keystatic/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolveUrl(match[1]);
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', (chunk) => (output += chunk));
      // 'close' comes once the output is read to its end, so the error carries all of it.
      child.on('close', (code) => {
        clearTimeout(timer);
        reject(new Error(`quire exited with ${code}:\n${output}`));
      });
    });
    return { child, url, printed: () => output };
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
}
