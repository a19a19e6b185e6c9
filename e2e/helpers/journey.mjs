// One journey: a fresh copy of the example site served by the release binary, and a fresh browser.
import { openBrowser } from './browser.mjs';
import { startSite } from './site.mjs';

/**
 * Runs `body` with a started site and an open page; always cleans up.
 * @param {(ctx: { page: import('playwright-core').Page, context: import('playwright-core').BrowserContext, site: Awaited<ReturnType<typeof startSite>>, open: (path: string) => Promise<void> }) => Promise<void>} body
 * `files` are written into the site's copy before the server starts (see startSite); `prepare` runs
 * once it serves.
 * `locale` is the browser's language (en-US by default); `touch` makes it a phone's touch screen.
 * @param {{ site?: string, files?: Record<string, string | Uint8Array>, viewport?: { width: number, height: number }, locale?: string, touch?: boolean, prepare?: (site: Awaited<ReturnType<typeof startSite>>) => void }} [options]
 */
export async function journey(body, options = {}) {
  const site = await startSite(options.site, { files: options.files });
  try {
    options.prepare?.(site);
    const browser = await openBrowser(options.viewport, { locale: options.locale, touch: options.touch });
    try {
      const open = async (path) => {
        await browser.page.goto(site.url + path);
      };
      await body({ page: browser.page, context: browser.context, site, open });
    } finally {
      await browser.close();
    }
  } finally {
    await site.stop();
  }
}

/** Waits until the form has no unsaved changes left. */
export async function saved(page) {
  await page.waitForFunction(() => !document.body.textContent?.includes('Unsaved'));
}

/** The modifier key of shortcuts on this platform. */
export const MOD = process.platform === 'darwin' ? 'Meta' : 'Control';

/** Waits until `input` (a locator) holds `value`: for values the admin sets after asking the server. */
export async function valueBecomes(input, value, timeout = 5000) {
  await input.evaluate(
    (element, [expected, limit]) =>
      new Promise((resolve, reject) => {
        const started = performance.now();
        const check = () => {
          if (element.value === expected) resolve();
          else if (performance.now() - started > limit) reject(new Error(`the input holds "${element.value}", not "${expected}"`));
          else requestAnimationFrame(check);
        };
        check();
      }),
    [value, timeout],
  );
}

/**
 * Types `value` (`YYYY-MM-DD`, or `YYYY-MM-DDTHH:mm`) into the date field named `label`, segment by
 * segment in the order the admin's language shows them (a 12-hour clock gets its AM or PM).
 */
export async function fillDate(page, label, value) {
  const [date, time = '00:00'] = value.split('T');
  const [year, month, day] = date.split('-');
  const [hour, minute] = time.split(':');
  const group = page.getByRole('group', { name: label, exact: true });
  const twelveHours = (await group.locator('[data-type="dayPeriod"]').count()) > 0;
  const parts = {
    year,
    month,
    day,
    hour: twelveHours ? String(Number(hour) % 12 || 12) : hour,
    minute,
    dayPeriod: Number(hour) < 12 ? 'A' : 'P',
  };
  const segments = group.locator('[role="spinbutton"]');
  for (let i = 0; i < (await segments.count()); i++) {
    const segment = segments.nth(i);
    const text = parts[await segment.getAttribute('data-type')];
    if (text === undefined) continue;
    await segment.click();
    await page.keyboard.type(text);
  }
}

/** The segments of the date field named `label` as shown (`03/12/2024`, `12.03.2024`…). */
export async function dateShown(page, label) {
  return (await page.getByRole('group', { name: label, exact: true }).textContent()).replace(/[\u2066-\u2069\u200e\u200f]/g, '');
}
