import { describe, expect, it } from 'vitest';
import { createFormatter, isTemplate } from './formatter';

const enUS = {
  greeting: 'Hello, {name}',
  title: 'Entries',
  entries: { plural: 'count', one: '{count} entry', other: '{count} entries' },
} as const;

describe('createFormatter', () => {
  it("uses the locale's templates, with its plural rules and numbers", () => {
    const formatter = createFormatter('ru-RU', enUS, {
      greeting: 'Привет, {name}',
      entries: { plural: 'count', one: '{count} запись', few: '{count} записи', many: '{count} записей', other: '{count} записи' },
    });
    expect(formatter.format('greeting', { name: 'Ада' })).toBe('Привет, Ада');
    expect(formatter.format('entries', { count: 2 })).toBe('2 записи');
    expect(formatter.format('entries', { count: 5 })).toBe('5 записей');
    expect(formatter.format('entries', { count: 1021 })).toBe('1\u00a0021 запись');
  });

  it('keeps the en-US text of keys the locale lacks or holds in a wrong shape, and ignores others', () => {
    const formatter = createFormatter('de-DE', enUS, { title: ['Einträge'], entries: { one: '{count} Eintrag' }, stray: 'x' });
    expect(formatter.format('greeting', { name: 'Ada' })).toBe('Hello, Ada');
    expect(formatter.format('title')).toBe('Entries');
    expect(formatter.format('entries', { count: 1200 })).toBe('1.200 entries');
    expect(createFormatter('de-DE', enUS, null).format('title')).toBe('Entries');
  });
});

describe('isTemplate', () => {
  it('takes texts and plural templates of CLDR categories with other', () => {
    expect(isTemplate('x')).toBe(true);
    expect(isTemplate({ plural: 'count', other: 'x' })).toBe(true);
    expect(isTemplate({ plural: 'count', zero: 'a', two: 'b', other: 'c' })).toBe(true);
    expect(isTemplate({ plural: 'count', one: 'x' })).toBe(false);
    expect(isTemplate({ plural: 'count', other: 'x', several: 'y' })).toBe(false);
    expect(isTemplate({ plural: 'count', other: 3 })).toBe(false);
    expect(isTemplate({ plural: 'n', other: 'x' })).toBe(false);
    expect(isTemplate(null)).toBe(false);
  });
});
