// `quire import`'s Node side: evaluates a site's Keystatic config with the site's own
// `@keystatic/core` and writes the equivalent quire.yaml.
//
// The config is bundled with the site's esbuild (TypeScript, JSX and local modules, packages left
// to Node), and evaluated with `@keystatic/core` and its `content-components` behind thin wrappers
// that remember, for each field, component and collection the config makes, which function made it
// and with what options: Keystatic's field objects keep their options in closures.
//
// Usage: node loader.mjs <config file> <site root>. Packages are looked for only inside the site
// (its node_modules and those between the config and the root), never in a folder above it.
// Exits with status 3 when no esbuild is found. Prints `{ "yaml": string, "notes": string[] }` as JSON on
// stdout; a config that cannot be evaluated is an error on stderr (exit status 1).
import { existsSync, realpathSync } from 'node:fs';
import { createRequire, register } from 'node:module';
import { dirname, join, resolve as resolvePath } from 'node:path';
import { pathToFileURL } from 'node:url';

const configPath = resolvePath(process.argv[2] ?? '');
const siteRoot = resolvePath(process.argv[3] ?? dirname(configPath));
if (typeof register !== 'function') {
  process.stderr.write(`quire import needs Node 20.6 or newer (module hooks); this is Node ${process.version}\n`);
  process.exit(1);
}

function fail(message, status = 1) {
  process.stderr.write(`${message}\n`);
  process.exit(status);
}

/** The folders from the config's up to the site's root, nearest first: where the site keeps packages. */
function siteFolders() {
  const folders = [];
  for (let dir = dirname(configPath); ; dir = dirname(dir)) {
    folders.push(dir);
    if (dir === siteRoot || dirname(dir) === dir) return dir === siteRoot ? folders : [siteRoot];
  }
}

/**
 * A `require` that finds the package `name` in the site's own `node_modules` (the nearest that has
 * it), never above the site; undefined when the site has none. Node itself would look in every
 * folder up to the file system's root.
 */
function siteRequireOf(name) {
  for (const dir of siteFolders()) {
    if (existsSync(join(dir, 'node_modules', name, 'package.json'))) {
      // Resolving from a file in that node_modules starts the search there (Node skips the
      // node_modules/node_modules it would otherwise try first).
      return createRequire(join(dir, 'node_modules', 'quire-import.cjs'));
    }
  }
  return undefined;
}

const coreRequire = siteRequireOf('@keystatic/core');
let real;
try {
  real = {
    core: pathToFileURL(coreRequire.resolve('@keystatic/core')).href,
    components: pathToFileURL(coreRequire.resolve('@keystatic/core/content-components')).href,
  };
} catch {
  fail(`@keystatic/core is not installed in the site: run npm install in ${siteRoot}`);
}

/**
 * The site's esbuild: its own, or the one a package it has carries (Astro and Vite sites do; with
 * pnpm's layout the site cannot require it directly, but the package beside it can).
 */
function siteEsbuild() {
  const requires = [siteRequireOf('esbuild')].filter((require) => require !== undefined);
  for (const kin of ['astro', 'vite', 'tsx', 'tsup', 'vitest']) {
    const folder = packageFolder(kin);
    if (folder !== undefined) requires.push(createRequire(join(folder, 'package.json')));
  }
  for (const require of requires) {
    try {
      const found = require('esbuild');
      if (usable(found)) return found;
    } catch {
      // Not this one.
    }
  }
  return undefined;
}

/** Whether `esbuild` has what the bundle asks of it (`packages: 'external'`, since 0.16.5). */
function usable(esbuild) {
  const [major = 0, minor = 0, patch = 0] = String(esbuild?.version ?? '').split('.').map(Number);
  return major > 0 || minor > 16 || (minor === 16 && patch >= 5);
}

/** The real folder of the package `name` in the site's node_modules, if any. */
function packageFolder(name) {
  for (const dir of siteFolders()) {
    const manifest = join(dir, 'node_modules', name, 'package.json');
    if (existsSync(manifest)) return dirname(realpathSync(manifest));
  }
  return undefined;
}

// The site's esbuild, or the one `quire import` fetched (QUIRE_ESBUILD) for a site that has none.
const esbuild = process.env.QUIRE_ESBUILD ? createRequire(import.meta.url)(process.env.QUIRE_ESBUILD) : siteEsbuild();
// Status 3: `quire import` fetches esbuild and runs this again.
if (esbuild === undefined) fail('the site has no esbuild', 3);

// What made each object the config holds: `{ kind, args }`, by object.
const made = new WeakMap();
globalThis.__quireImportMade = made;

const recorder = `const made = globalThis.__quireImportMade;
const rec = (kind, fn) => (...args) => { const v = fn(...args); if (v !== null && typeof v === 'object') made.set(v, { kind, args }); return v; };`;
const coreShim = `import * as real from ${JSON.stringify(real.core)};
export * from ${JSON.stringify(real.core)};
${recorder}
const wrapped = {};
for (const [name, fn] of Object.entries(real.fields)) {
  if (typeof fn !== 'function') { wrapped[name] = fn; continue; }
  const parts = Object.entries(fn).map(([part, g]) => [part, typeof g === 'function' ? rec(name + '.' + part, g) : g]);
  wrapped[name] = Object.assign(rec(name, fn), Object.fromEntries(parts));
}
export const fields = wrapped;
export const component = rec('component', real.component);
export const collection = rec('collection', real.collection);
export const singleton = rec('singleton', real.singleton);
export const config = rec('config', real.config);`;
const componentsShim = `import * as real from ${JSON.stringify(real.components)};
export * from ${JSON.stringify(real.components)};
${recorder}
export const block = rec('block', real.block);
export const wrapper = rec('wrapper', real.wrapper);
export const inline = rec('inline', real.inline);
export const mark = rec('mark', real.mark);
export const repeating = rec('repeating', real.repeating);
export const cloudImage = rec('component:cloudImage', real.cloudImage);`;
const moduleUrl = (source) => `data:text/javascript,${encodeURIComponent(source)}`;
const shims = { '@keystatic/core': moduleUrl(coreShim), '@keystatic/core/content-components': moduleUrl(componentsShim) };
// The bundle is a data: module: packages it imports resolve from the config's folder, as in the site.
register(
  moduleUrl(`const site = ${JSON.stringify(pathToFileURL(configPath).href)};
const shims = ${JSON.stringify(shims)};
const shimUrls = new Set(Object.values(shims));
export async function resolve(specifier, context, next) {
  const parent = context.parentURL ?? '';
  if (!shimUrls.has(parent) && shims[specifier]) return { url: shims[specifier], shortCircuit: true };
  if (parent.startsWith('data:')) return next(specifier, { ...context, parentURL: site });
  return next(specifier, context);
}`),
);

// The storage `--storage` asks to write (not for the config to see), and the environment variables
// the config reads that are not set: a config that chooses its storage by them says so.
const storageChoice = process.env.QUIRE_IMPORT_STORAGE;
delete process.env.QUIRE_IMPORT_STORAGE;
const unsetEnv = new Set();
/**
 * From now on, reads of unset variables by the config's own code (the bundle, a data: module) are
 * remembered; its packages' reads (Node's, React's) are theirs.
 */
function watchEnv() {
  process.env = new Proxy(process.env, {
    get(target, key) {
      if (typeof key === 'string' && !Object.hasOwn(target, key)) {
        const caller = new Error().stack?.split('\n')[2] ?? '';
        if (caller.includes('data:text/javascript')) unsetEnv.add(key);
      }
      return Reflect.get(target, key);
    },
  });
}

let keystatic;
try {
  const built = await esbuild.build({
    entryPoints: [configPath],
    bundle: true,
    format: 'esm',
    platform: 'node',
    packages: 'external',
    jsx: 'automatic',
    write: false,
    logLevel: 'silent',
  });
  watchEnv();
  keystatic = (await import(moduleUrl(built.outputFiles[0].text))).default;
} catch (error) {
  fail(`${configPath} could not be evaluated: ${error?.message ?? error}`);
}
if (keystatic === null || typeof keystatic !== 'object') fail(`${configPath} has no default export of a config`);

const notes = [];
const { quireConfig } = await import(new URL('./walk.mjs', import.meta.url).href);
const { toYaml } = await import(new URL('./yaml.mjs', import.meta.url).href);
let quire;
try {
  quire = quireConfig(keystatic, made, notes, { storage: storageChoice, unsetEnv: [...unsetEnv] });
} catch (error) {
  fail(error?.message ?? String(error));
}
process.stdout.write(JSON.stringify({ yaml: toYaml(quire), notes: notes.map((note) => note.text) }));
