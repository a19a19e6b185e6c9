// axe-core in the page: the serious and critical accessibility violations of what it shows now.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const source = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The violations of impact serious or critical on the page as it is, as readable lines (rule, what
 * it asks, and the elements that break it); empty when there are none. `except` names rules not run.
 * @param {import('playwright-core').Page} page
 * @param {{ except?: string[] }} [options]
 * @returns {Promise<string[]>}
 */
export async function seriousViolations(page, { except = [] } = {}) {
  // Evaluated through the debugging protocol, which the page's Content-Security-Policy does not cover.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(source);
  const violations = await page.evaluate(async (except) => {
    const rules = Object.fromEntries(except.map((id) => [id, { enabled: false }]));
    // @ts-expect-error axe is the global the script above defines
    const results = await window.axe.run(document, { resultTypes: ['violations'], rules });
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, help: v.help, targets: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`) }));
  }, except);
  return violations.map((v) => `${v.id} (${v.help}):\n    ${v.targets.join('\n    ')}`);
}
