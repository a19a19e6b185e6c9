// Sites with git storage: a copy of a site folder made a git repository (one commit on `main`),
// its quire.yaml switched to `storage: { kind: git, ... }`, then served like any other site.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { journey } from './journey.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

const IDENTITY = ['-c', 'user.name=Quire Journeys', '-c', 'user.email=journeys@quire.invalid'];

/** Runs `git args…` in `root` as the journeys' author; answers its trimmed output. */
export function git(root, ...args) {
  return execFileSync('git', [...IDENTITY, '-c', 'init.defaultBranch=main', ...args], { cwd: root, encoding: 'utf8' }).trim();
}

/**
 * Commits `files` (path → text) to the branch checked out in `root`, as someone working with the git
 * command line would; answers the new head.
 */
export function commitFiles(root, message, files) {
  for (const [path, text] of Object.entries(files)) writeFileSync(join(root, path), text);
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', message);
  return git(root, 'rev-parse', 'HEAD');
}

/**
 * The `storage:` block of quire.yaml for `storage` (`{ branchPrefix, protected, remote }`, all
 * optional) with kind git.
 */
function storageYaml(storage) {
  const lines = ['storage:', '  kind: git'];
  for (const [key, value] of Object.entries(storage)) {
    lines.push(`  ${key}: ${Array.isArray(value) ? `[${value.join(', ')}]` : value}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * `journey` on a git copy of `site` (default examples/blog). `storage` adds settings to the git
 * storage; `setupRepo(root)` runs after the first commit and before the server starts (branches,
 * remotes); `firstCommit: false` leaves the repository without commits.
 * @param {Parameters<typeof journey>[0]} body
 * @param {Parameters<typeof journey>[1] & { storage?: Record<string, string | string[]>, setupRepo?: (root: string) => void, firstCommit?: boolean }} [options]
 */
export async function gitJourney(body, options = {}) {
  const { site = 'examples/blog', storage = {}, setupRepo, firstCommit = true, ...rest } = options;
  const prepared = mkdtempSync(join(tmpdir(), 'quire-git-'));
  try {
    cpSync(join(repo, site), prepared, { recursive: true });
    const config = join(prepared, 'quire.yaml');
    const yaml = readFileSync(config, 'utf8');
    // The site's own storage block (kind local) gives way to the git one.
    const withoutStorage = yaml.replace(/^storage:\n(?:[ \t]+.*\n)*/m, '');
    writeFileSync(config, `${storageYaml(storage)}${withoutStorage}`);
    git(prepared, 'init', '-q');
    if (firstCommit) {
      git(prepared, 'add', '-A');
      git(prepared, 'commit', '-q', '-m', 'Initial content');
    }
    setupRepo?.(prepared);
    // startSite copies a folder of the repository: the prepared one is reached from there.
    await journey(body, { ...rest, site: relative(repo, prepared) });
  } finally {
    rmSync(prepared, { recursive: true, force: true });
  }
}
