// A pattern in quire.yaml is matched in linear time in the browser too: one that would make a
// backtracking engine try every way (`^(a+)+$`) answers at once instead of freezing the tab.
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { journey } from '../helpers/journey.mjs';

const config = readFileSync(new URL('../../examples/blog/quire.yaml', import.meta.url), 'utf8').replace(
  "regex: '^[a-z0-9-]+$'",
  () => "regex: '^(a+)+$'",
);

test('a pattern that would make a backtracking engine freeze answers at once', () =>
  journey(
    async ({ page, open }) => {
      await open('/keystatic/collection/posts/create');
      await page.getByRole('textbox', { name: 'Title' }).fill('Long');
      const slug = page.getByRole('textbox', { name: 'Slug' });
      await slug.fill(`${'a'.repeat(36)}-`);
      await slug.blur();
      await page.getByText('Slug must only contain alphanumeric characters and -').waitFor({ timeout: 5000 });
      await slug.fill('a'.repeat(36));
      await page.getByText('Slug must only contain alphanumeric characters and -').waitFor({ state: 'detached', timeout: 5000 });
    },
    { files: { 'quire.yaml': config } },
  ));
