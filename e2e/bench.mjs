// Browser benchmark: load, search, open and save on sites of 1,000 and 10,000 entries, against the
// release binary in headless Chromium. Prints times; it asserts nothing, so it is not part of the
// checks. Usage: node bench.mjs [entries...]   (default: 1000 10000)
import { openBrowser } from './helpers/browser.mjs';
import { startSite } from './helpers/site.mjs';

const sizes = process.argv.slice(2).map(Number).filter(Boolean);

function posts(count) {
  const files = {};
  for (let i = 0; i < count; i++) {
    const slug = `post-${String(i).padStart(5, '0')}`;
    files[`content/posts/${slug}.mdoc`] =
      `---\ntitle: Post number ${i}\npublishedDate: 2024-06-26\nsummary: A post written for the benchmark.\n---\nBody of post ${i}.\n`;
  }
  return files;
}

async function timed(label, results, work) {
  const start = performance.now();
  await work();
  results.push([label, Math.round(performance.now() - start)]);
}

for (const count of sizes.length ? sizes : [1000, 10000]) {
  const site = await startSite('fixtures/sites/bench', { files: posts(count) });
  const browser = await openBrowser();
  const { page } = browser;
  page.setDefaultTimeout(120000);
  const results = [];
  try {
    const list = `${site.url}/keystatic/collection/posts`;
    await timed('list, first load', results, async () => {
      await page.goto(list);
      await page.getByText('Post number 0', { exact: true }).waitFor();
    });
    await timed('list, reload', results, async () => {
      await page.reload();
      await page.getByText('Post number 0', { exact: true }).waitFor();
    });
    const last = `post-${String(count - 1).padStart(5, '0')}`;
    await timed('search for one slug', results, async () => {
      await page.getByRole('searchbox', { name: 'Search' }).fill(last);
      await page.getByText(`Post number ${count - 1}`, { exact: true }).waitFor();
    });
    await timed('open an entry', results, async () => {
      await page.goto(`${site.url}/keystatic/collection/posts/item/${last}`);
      await page.getByRole('textbox', { name: 'Summary' }).waitFor();
    });
    await timed('save an edit', results, async () => {
      await page.getByRole('textbox', { name: 'Summary' }).fill('Edited for the benchmark.');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForFunction(() => !document.body.textContent?.includes('Unsaved'));
    });
  } finally {
    await browser.close();
    await site.stop();
  }
  console.log(`\n${count} entries`);
  for (const [label, ms] of results) console.log(`  ${label.padEnd(22)} ${String(ms).padStart(6)} ms`);
}
