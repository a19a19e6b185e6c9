import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { currentLocale, formatDate, formatDateTime, formatList, formatNumber, formatTimeAgo, loadMessages, t } from './format';

describe('t', () => {
  it('picks plural forms and formats the count for the locale', () => {
    expect(t('dashboard.entries', { count: 1 })).toBe('1 entry');
    expect(t('dashboard.entries', { count: 0 })).toBe('0 entries');
    expect(t('dashboard.entries', { count: 1200 })).toBe('1,200 entries');
  });

  it('inserts variables as given', () => {
    expect(t('number.min', { label: 'Age', min: 1000 })).toBe('Age must be at least 1000');
    expect(t('list.noResultsMessage', { term: 'zzz' })).toBe('No items matching "zzz" were found.');
  });
});

describe('formatDate', () => {
  it('writes stored days for en-US readers, whatever the time zone', () => {
    expect(formatDate('2024-03-12')).toBe('Mar 12, 2024');
    expect(formatDate('soon')).toBe('soon');
    expect(formatDateTime('2024-03-12T18:30')).toBe('Mar 12, 2024, 6:30 PM');
  });
});

describe('formatTimeAgo', () => {
  it('names the distance in the largest unit that fits', () => {
    const now = new Date('2024-03-12T12:00:00Z');
    const before = (seconds: number) => new Date(now.getTime() - seconds * 1000);
    expect(formatTimeAgo(before(5), now)).toBe('5 seconds ago');
    expect(formatTimeAgo(before(130), now)).toBe('2 minutes ago');
    expect(formatTimeAgo(before(3 * 3600), now)).toBe('3 hours ago');
    expect(formatTimeAgo(before(2 * 86400), now)).toBe('2 days ago');
  });
});

describe('another locale', () => {
  it('formats messages, dates, numbers, lists and times as the locale does, and back', async () => {
    const file = join(import.meta.dirname, 'locales/de-DE.json');
    const german = (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {}) as Record<string, unknown>;
    await loadMessages('de-DE');
    expect(currentLocale()).toBe('de-DE');
    // Its own text when its catalogue has one, else the en-US text.
    expect(t('nav.dashboard')).toBe(typeof german['nav.dashboard'] === 'string' ? german['nav.dashboard'] : 'Dashboard');
    expect(formatDate('2024-03-12')).toBe('12.03.2024');
    expect(formatNumber(1200.5)).toBe('1.200,5');
    expect(formatList(['a', 'b', 'c'])).toBe('a, b und c');
    expect(formatTimeAgo(new Date('2024-03-10T12:00:00Z'), new Date('2024-03-12T12:00:00Z'))).toBe('vor 2 Tagen');
    await loadMessages('en-US');
    expect(t('nav.dashboard')).toBe('Dashboard');
    expect(formatDate('2024-03-12')).toBe('Mar 12, 2024');
  });
});
