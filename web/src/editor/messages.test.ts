import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { et, loadEditorMessages } from './messages';

describe('the editor messages', () => {
  it("follow the locale loaded, keeping the en-US text of keys it lacks", async () => {
    const file = join(import.meta.dirname, 'locales/de-DE.json');
    const german = (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {}) as Record<string, unknown>;
    expect(et('link.save')).toBe('Save');
    await loadEditorMessages('de-DE');
    expect(et('link.save')).toBe(typeof german['link.save'] === 'string' ? german['link.save'] : 'Save');
    await loadEditorMessages('en-US');
    expect(et('block.heading', { level: 2 })).toBe('Heading 2');
  });
});
