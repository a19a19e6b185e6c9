// Takes screenshots of the main screens for a person to look at: node screenshots.mjs [outdir]
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openBrowser } from './helpers/browser.mjs';
import { startSite } from './helpers/site.mjs';

const out = process.argv[2] ?? '.tmp/screens';
mkdirSync(out, { recursive: true });
const site = await startSite();
const shots = [
  ['dashboard', '/keystatic', { width: 1280, height: 800 }],
  ['dashboard-mobile', '/keystatic', { width: 390, height: 800 }],
  ['posts', '/keystatic/collection/posts', { width: 1280, height: 800 }],
  ['no-results', '/keystatic/collection/posts?search=zzz', { width: 1280, height: 800 }],
  ['edit-post', '/keystatic/collection/posts/item/writing-with-git', { width: 1280, height: 900 }],
  ['create-author', '/keystatic/collection/authors/create', { width: 1280, height: 800 }],
  ['settings', '/keystatic/singleton/settings', { width: 1280, height: 900 }],
  ['not-found', '/keystatic/nowhere', { width: 1280, height: 600 }],
];
try {
  for (const [name, path, viewport] of shots) {
    const browser = await openBrowser(viewport);
    await browser.page.goto(site.url + path);
    await browser.page.waitForTimeout(800);
    await browser.page.screenshot({ path: join(out, `${name}.png`), fullPage: false });
    await browser.close();
    console.log(join(out, `${name}.png`));
  }
} finally {
  await site.stop();
}
