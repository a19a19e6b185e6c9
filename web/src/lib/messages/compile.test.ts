import { LocalizedStringDictionary, LocalizedStringFormatter } from '@internationalized/string';
import { describe, expect, it } from 'vitest';
import { compile } from './compile';
import type { Template } from './compile';

/** Formats `template` as the catalogue of `locale` would. */
function format(locale: string, template: Template, variables: Record<string, string | number>): string {
  const dictionary = new LocalizedStringDictionary({ [locale]: { key: compile(template) } }, locale);
  return new LocalizedStringFormatter(locale, dictionary).format('key', variables);
}

const everyForm: Template = {
  plural: 'count',
  zero: 'zero {count} {name}',
  one: 'one {count} {name}',
  two: 'two {count} {name}',
  few: 'few {count} {name}',
  many: 'many {count} {name}',
  other: 'other {count} {name}',
};

describe('compile', () => {
  it('fills placeholders in plain templates', () => {
    expect(format('en-US', 'Hello, {name}', { name: 'Ada' })).toBe('Hello, Ada');
    expect(format('en-US', 'Hello, {name}', {})).toBe('Hello, {name}');
  });

  it('picks each CLDR plural category the locale uses', () => {
    const pick = (locale: string, count: number) => format(locale, everyForm, { count, name: 'x' }).split(' ')[0];
    expect([0, 1, 2, 3, 11, 100].map((count) => pick('ar-AE', count))).toEqual(['zero', 'one', 'two', 'few', 'many', 'other']);
    expect([1, 2, 5, 21, 1.5].map((count) => pick('ru-RU', count))).toEqual(['one', 'few', 'many', 'one', 'other']);
    expect([1, 2, 3, 5].map((count) => pick('sl-SI', count))).toEqual(['one', 'two', 'few', 'other']);
    expect([0, 1, 2].map((count) => pick('ja-JP', count))).toEqual(['other', 'other', 'other']);
    expect([1, 1000000].map((count) => pick('fr-FR', count))).toEqual(['one', 'many']);
  });

  it('falls back to other when a form is missing, and formats the count for the locale', () => {
    expect(format('ru-RU', { plural: 'count', one: '{count} запись', other: '{count} записи' }, { count: 5 })).toBe('5 записи');
    expect(format('de-DE', everyForm, { count: 1200, name: 'x' })).toBe('other 1.200 x');
  });
});
