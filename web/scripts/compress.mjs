// Brotli and gzip copies of the built assets, made once at build time so that the server sends them
// as they are (`Content-Encoding`) to browsers that take them. A copy that saves nothing is not kept.
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const assets = new URL('../dist/assets/', import.meta.url).pathname;
/** Text the server sends often enough to be worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|css|svg|json|txt|html|map)$/;

let before = 0;
let after = 0;
for (const name of readdirSync(assets)) {
  const path = join(assets, name);
  if (!COMPRESSIBLE.test(name) || !statSync(path).isFile()) continue;
  const bytes = readFileSync(path);
  const brotli = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  const gzip = gzipSync(bytes, { level: 9 });
  if (brotli.length < bytes.length) writeFileSync(`${path}.br`, brotli);
  if (gzip.length < bytes.length) writeFileSync(`${path}.gz`, gzip);
  before += bytes.length;
  after += Math.min(brotli.length, bytes.length);
}
console.log(`compressed assets: ${(before / 1024).toFixed(0)} KiB, ${(after / 1024).toFixed(0)} KiB with brotli`);
