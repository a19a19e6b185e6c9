// Browser benchmark: the steps an editor takes on sites of 1,000 and 10,000 entries, against the
// release binary in headless Chromium, each the median of 5 repetitions with a fresh browser
// profile, beside the floor: a static page holding only the text waited for, served from loopback
// and measured the same way in the same run. Prints times, ratios to the floor, bytes and the
// server's peak memory; it asserts nothing, so it is not part of the checks.
// Usage: node bench.mjs [entries...]   (default: 1000 10000)
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { openBrowser } from './helpers/browser.mjs';
import { startSite } from './helpers/site.mjs';

const sizes = process.argv.slice(2).map(Number).filter(Boolean);
const REPETITIONS = 5;

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
 * Waits until `text` shows inside `selector`, checking at every frame, and answers when it showed
 * by the wall clock (ms). Times are taken in the page: a locator's wait polls at growing intervals
 * (up to half a second) and a click waits for the row to hold still, which would be measured as
 * the admin's time.
 */
async function shows(page, text, selector = 'body') {
  const shown = await page.waitForFunction(
    ([selector, text]) => document.querySelector(selector)?.textContent?.includes(text) && performance.timeOrigin + performance.now(),
    [selector, text],
    { polling: 'raf' },
  );
  return shown.jsonValue();
}

/** Opens `url` and answers how long after the navigation was asked for `text` showed. */
async function openUntil(page, url, text, selector) {
  const asked = Date.now();
  await page.goto(url, { waitUntil: 'commit' });
  return (await shows(page, text, selector)) - asked;
}

/** The floor: a static page holding only the text asked for (`?text=`), served from loopback. */
async function startFloor() {
  const server = createServer((request, response) => {
    const text = new URL(request.url, 'http://floor').searchParams.get('text') ?? '';
    const escaped = text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(`<!doctype html><html><head><meta charset="utf-8"><title>Floor</title></head><body><p>${escaped}</p></body></html>`);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/`, stop: () => new Promise((resolve) => server.close(resolve)) };
}

/** The floor's time, in a fresh browser. */
async function floorTime(floor, text) {
  const browser = await openBrowser();
  try {
    return await openUntil(browser.page, `${floor.url}?text=${encodeURIComponent(text)}`, text);
  } finally {
    await browser.close();
  }
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

async function repetition(site, floor, count, rep) {
  const row = { floor: await floorTime(floor, `Body of post ${rep}.`) };
  const browser = await openBrowser();
  const { page } = browser;
  page.setDefaultTimeout(120000);
  try {
    const formatted = new Intl.NumberFormat('en-US').format(count);
    row.dashboard = await openUntil(page, `${site.url}/keystatic`, `${formatted} entries`);
    await browser.close();
    // The list, in a fresh profile as a first visit: what it takes, in time and bytes.
    const list = await openBrowser();
    try {
      list.page.setDefaultTimeout(120000);
      const asked = Date.now();
      await list.page.goto(`${site.url}/keystatic/collection/posts`, { waitUntil: 'commit' });
      Object.assign(row, await bytesUntil(list.page, 'Post number 0'));
      row.list = (await list.page.evaluate(() => performance.timeOrigin + window.__shownAt)) - asked;
      // A row below the first, another each repetition: the title says which post it is.
      const target = list.page.getByRole('table').getByRole('row').nth(2 + rep);
      const number = /Post number (\d+)/.exec(await target.innerText())?.[1];
      await notePress(list.page);
      await target.click();
      const shownAt = await shows(list.page, `Body of post ${number}.`, '.ProseMirror');
      row.rowClick = shownAt - (await list.page.evaluate(() => performance.timeOrigin + window.__pressedAt));
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

const floor = await startFloor();
try {
  for (const count of sizes.length ? sizes : [1000, 10000]) {
    const site = await startSite('fixtures/sites/bench', { files: posts(count) });
    const rows = [];
    try {
      for (let rep = 0; rep < REPETITIONS; rep++) rows.push(await repetition(site, floor, count, rep));
    } finally {
      const memory = peakMemory(site.pid);
      await site.stop();
      report(count, rows, memory);
    }
  }
} finally {
  await floor.stop();
}

function report(count, rows, memory) {
  const middle = (key) => median(rows.map((row) => row[key]));
  const ms = (key) => `${Math.round(middle(key))} ms`;
  // A navigation's time beside the floor's, as a multiple of it.
  const vsFloor = (key) => `${ms(key)}  ${(middle(key) / middle('floor')).toFixed(1)}×`;
  const kib = (key) => `${Math.round(middle(key) / 1024)} KiB`;
  console.log(`\n${count} entries (medians of ${rows.length}; navigation times from the request, with their multiple of the floor)`);
  const lines = [
    ['floor: a static page, navigation → its text visible', ms('floor')],
    ['dashboard, navigation → counts visible', vsFloor('dashboard')],
    ['collection list, navigation → first rows', vsFloor('list')],
    ["open an entry's URL directly → editor content visible", vsFloor('entryUrl')],
    ['click a row in the list → editor content visible', ms('rowClick')],
    ['click Save → file on disk', ms('save')],
    ['JavaScript transferred before the list shows', kib('script')],
    ['all bytes transferred before the list shows', kib('all')],
    ['server peak memory', memory === null ? 'unknown' : `${memory} MB`],
  ];
  for (const [label, value] of lines) console.log(`  ${label.padEnd(56)} ${value.padStart(14)}`);
}
