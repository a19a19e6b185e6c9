// The JavaScript a browser fetches before the admin's first screen shows: the page's script and
// every chunk it preloads, as the server sends them (brotli). Fails when that passes the budget.
import { existsSync, readFileSync } from 'node:fs';
import { brotliCompressSync } from 'node:zlib';

/**
 * What the first load may weigh, in KiB of brotli: the dashboard and the collection list, without
 * the entry forms, menus and dialogs, which come when needed or once the first screen shows.
 */
const BUDGET_KIB = 125;

const dist = new URL('../dist/', import.meta.url);
const page = readFileSync(new URL('index.html', dist), 'utf8');
const scripts = [...page.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/keystatic\/([^"]+\.js)"/g)].map(
  (match) => match[1],
);
let total = 0;
for (const script of scripts) {
  const file = new URL(script, dist);
  const compressed = new URL(`${script}.br`, dist);
  const size = existsSync(compressed) ? readFileSync(compressed).length : brotliCompressSync(readFileSync(file)).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KiB  ${script}`);
}
const kib = total / 1024;
console.log(`${kib.toFixed(1).padStart(7)} KiB  first load (brotli), budget ${BUDGET_KIB} KiB`);
if (scripts.length === 0 || kib > BUDGET_KIB) {
  console.error(scripts.length === 0 ? 'no scripts found in dist/index.html' : `the first load is over its budget of ${BUDGET_KIB} KiB`);
  process.exit(1);
}
