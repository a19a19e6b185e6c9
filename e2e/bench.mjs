// Browser benchmark: the steps an editor takes on sites of 1,000 and 10,000 entries, against the
// release binary in headless Chromium, each the median of 3 repetitions with a fresh browser
// profile. Prints times, bytes and the server's peak memory; it asserts nothing, so it is not part
// of the checks. Usage: node bench.mjs [entries...]   (default: 1000 10000)
import { readFileSync } from 'node:fs';
import { openBrowser } from './helpers/browser.mjs';
import { startSite } from './helpers/site.mjs';

const sizes = process.argv.slice(2).map(Number).filter(Boolean);
const REPETITIONS = 3;

function slugOf(i) {
  return `post-${String(i).padStart(5, '0')}`;
}

function posts(count) {
  const files = {};
  for (let i = 0; i < count; i++) {
    files[`content/posts/${slugOf(i)}.mdoc`] =
      `---\ntitle: Post number ${i}\npublishedDate: 2024-06-26\nsummary: A post written for the benchmark.\n---\nBody of post ${i}.\n`;
  }
  return files;
}

/**
 * Waits until `text` shows inside `selector`, checking at every frame, and answers when it showed in
 * the page's own time (ms since its navigation started). Times are taken in the page: a locator's
 * wait polls at growing intervals (up to half a second) and a click waits for the row to hold still,
 * which would be measured as the admin's time.
 */
async function shows(page, text, selector = 'body') {
  const shown = await page.waitForFunction(
    ([selector, text]) => document.querySelector(selector)?.textContent?.includes(text) && performance.now(),
    [selector, text],
    { polling: 'raf' },
  );
  return shown.jsonValue();
}

/** Opens `url` and answers how long after the navigation started `text` showed. */
async function openUntil(page, url, text, selector) {
  await page.goto(url, { waitUntil: 'commit' });
  return shows(page, text, selector);
}

/** Notes in the page when the next press of a pointer comes, in the page's time and the wall clock's. */
function notePress(page) {
  return page.evaluate(() => {
    document.addEventListener(
      'pointerdown',
      () => {
        window.__pressedAt = performance.now();
        window.__pressedAtWall = Date.now();
      },
      { capture: true, once: true },
    );
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Waits until `text` shows, then sums what the page had fetched by then (as sent: compressed or
 * not, headers included), from the browser's own resource timings.
 */
async function bytesUntil(page, text) {
  await page.waitForFunction((text) => {
    if (!document.body.innerText.includes(text)) return false;
    window.__shownAt = performance.now();
    return true;
  }, text);
  return page.evaluate(() => {
    const before = performance.getEntriesByType('resource').filter((entry) => entry.startTime < window.__shownAt);
    const page = performance.getEntriesByType('navigation')[0]?.transferSize ?? 0;
    const script = before.filter((entry) => entry.initiatorType === 'script' || entry.name.endsWith('.js'));
    const sum = (entries) => entries.reduce((total, entry) => total + entry.transferSize, 0);
    return { script: sum(script), all: page + sum(before) };
  });
}

/** The server's peak resident memory in MB (Linux). */
function peakMemory(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1]);
    return Number.isFinite(kib) ? Math.round(kib / 1024) : null;
  } catch {
    return null;
  }
}

async function repetition(site, count, rep) {
  const browser = await openBrowser();
  const { page } = browser;
  page.setDefaultTimeout(120000);
  const row = {};
  try {
    const formatted = new Intl.NumberFormat('en-US').format(count);
    row.dashboard = await openUntil(page, `${site.url}/keystatic`, `${formatted} entries`);
    await browser.close();
    // The list, in a fresh profile as a first visit: what it takes, in time and bytes.
    const list = await openBrowser();
    try {
      list.page.setDefaultTimeout(120000);
      await list.page.goto(`${site.url}/keystatic/collection/posts`, { waitUntil: 'commit' });
      Object.assign(row, await bytesUntil(list.page, 'Post number 0'));
      row.list = await list.page.evaluate(() => window.__shownAt);
      // A row below the first, another each repetition: the title says which post it is.
      const target = list.page.getByRole('table').getByRole('row').nth(2 + rep);
      const number = /Post number (\d+)/.exec(await target.innerText())?.[1];
      await notePress(list.page);
      await target.click();
      const shownAt = await shows(list.page, `Body of post ${number}.`, '.ProseMirror');
      row.rowClick = shownAt - (await list.page.evaluate(() => window.__pressedAt));
    } finally {
      await list.close();
    }
    const other = await openBrowser();
    try {
      other.page.setDefaultTimeout(120000);
      const i = count - 1 - rep;
      row.entryUrl = await openUntil(other.page, `${site.url}/keystatic/collection/posts/item/${slugOf(i)}`, `Body of post ${i}.`, '.ProseMirror');
      const summary = `Edited for the benchmark, repetition ${rep}.`;
      await other.page.getByRole('textbox', { name: 'Summary' }).fill(summary);
      await notePress(other.page);
      await other.page.getByRole('button', { name: 'Save', exact: true }).click();
      while (!(site.read(`content/posts/${slugOf(i)}.mdoc`) ?? '').includes(summary)) {
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      row.save = Date.now() - (await other.page.evaluate(() => window.__pressedAtWall));
    } finally {
      await other.close();
    }
  } finally {
    await browser.close().catch(() => undefined);
  }
  return row;
}

for (const count of sizes.length ? sizes : [1000, 10000]) {
  const site = await startSite('fixtures/sites/bench', { files: posts(count) });
  const rows = [];
  try {
    for (let rep = 0; rep < REPETITIONS; rep++) rows.push(await repetition(site, count, rep));
  } finally {
    const memory = peakMemory(site.pid);
    await site.stop();
    const ms = (key) => `${Math.round(median(rows.map((row) => row[key])))} ms`;
    const kib = (key) => `${Math.round(median(rows.map((row) => row[key])) / 1024)} KiB`;
    console.log(`\n${count} entries (medians of ${rows.length})`);
    const lines = [
      ['dashboard, navigation → counts visible', ms('dashboard')],
      ['collection list, navigation → first rows', ms('list')],
      ['click a row in the list → editor content visible', ms('rowClick')],
      ["open an entry's URL directly → editor content visible", ms('entryUrl')],
      ['click Save → file on disk', ms('save')],
      ['JavaScript transferred before the list shows', kib('script')],
      ['all bytes transferred before the list shows', kib('all')],
      ['server peak memory', memory === null ? 'unknown' : `${memory} MB`],
    ];
    for (const [label, value] of lines) console.log(`  ${label.padEnd(56)} ${value.padStart(9)}`);
  }
}
