// Debian's Chromium, headless, driven by playwright-core with a fresh profile per launch.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The browser's languages are `locale` (en-US unless a journey asks for another), whatever the
 * machine's: the admin speaks the browser's language.
 * @param {{ width?: number, height?: number }} [viewport]
 * `touch`: a phone's touch screen (no mouse to hover or drag with).
 * @param {{ locale?: string, touch?: boolean }} [options]
 * @returns {Promise<{ page: import('playwright-core').Page, context: import('playwright-core').BrowserContext, close: () => Promise<void> }>}
 */
export async function openBrowser(viewport = { width: 1280, height: 800 }, { locale = 'en-US', touch = false } = {}) {
  const profile = mkdtempSync(join(tmpdir(), 'quire-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: [...ARGS, `--lang=${locale}`],
    viewport,
    locale,
    ...(touch ? { hasTouch: true, isMobile: true } : {}),
  });
  context.setDefaultTimeout(10000);
  const page = context.pages()[0] ?? (await context.newPage());
  const errors = [];
  page.on('pageerror', (err) => errors.push(err));
  // The admin runs under a strict Content-Security-Policy: anything it refuses is a bug of ours.
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Content Security Policy')) errors.push(new Error(message.text()));
  });
  return {
    page,
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
      if (errors.length) throw new Error(`the page threw: ${errors.map((e) => e.message).join('; ')}`);
    },
  };
}
