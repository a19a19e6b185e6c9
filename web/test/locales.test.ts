/**
 * Every supported locale's catalogues, the admin's (`src/lib/messages/locales/{locale}.json`), the
 * editor's (`src/editor/locales/{locale}.json`) and Quire Cloud's (`src/cloud/locales/{locale}.json`),
 * are complete and well formed: every en-US key and no other, each text with the placeholders of its
 * en-US text, plural templates with exactly the locale's CLDR plural categories, and every template
 * compiling and formatting. A failure lists every problem of that catalogue.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LocalizedStringDictionary, LocalizedStringFormatter } from '@internationalized/string';
import { describe, expect, it } from 'vitest';
import { cloudEnUS } from '../src/cloud/messages';
import { editorEnUS } from '../src/editor/messages';
import { enUS } from '../src/lib/messages/catalogue';
import { compile, pluralCategories } from '../src/lib/messages/compile';
import type { Template } from '../src/lib/messages/compile';
import { intlLocale, supportedLocales } from '../src/lib/messages/locale';
import type { Locale } from '../src/lib/messages/locale';

const src = join(import.meta.dirname, '../src');
const catalogues: { name: string; folder: string; enUS: Record<string, Template> }[] = [
  { name: 'admin', folder: join(src, 'lib/messages/locales'), enUS },
  { name: 'editor', folder: join(src, 'editor/locales'), enUS: editorEnUS },
  { name: 'cloud', folder: join(src, 'cloud/locales'), enUS: cloudEnUS },
];

const placeholdersOf = (text: string) => new Set([...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!));
const formsOf = (template: Template) =>
  typeof template === 'string' ? [template] : Object.entries(template).flatMap(([key, form]) => (key === 'plural' ? [] : [form]));
const allPlaceholders = (template: Template) => new Set(formsOf(template).flatMap((form) => [...placeholdersOf(form)]));
const sorted = (set: Set<string>) => [...set].sort();

// Counts that show each plural category of a locale (the catalogues count things: whole numbers).
const samples = [...Array.from({ length: 1001 }, (_, n) => n), 1000000];

/**
 * The categories that stand for one count only (German `one`: 1; Arabic `zero`, `one`, `two`),
 * whose form may say the number in words rather than write `{count}`.
 */
function singleNumberCategories(locale: string): Set<string> {
  const rules = new Intl.PluralRules(locale);
  const numbers = new Map<string, Set<number>>();
  for (const sample of samples) {
    const category = rules.select(sample);
    numbers.set(category, (numbers.get(category) ?? new Set()).add(sample));
  }
  return new Set([...numbers].filter(([, values]) => values.size === 1).map(([category]) => category));
}

function problemsOf(locale: Locale, enUS: Record<string, Template>, file: string): string[] {
  if (!existsSync(file)) return ['the file is missing'];
  let translated: unknown;
  try {
    translated = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return [`not JSON: ${String(error)}`];
  }
  if (typeof translated !== 'object' || translated === null || Array.isArray(translated)) return ['not one flat object'];
  const own = translated as Record<string, unknown>;
  const tag = intlLocale(locale);
  const categories = new Intl.PluralRules(tag).resolvedOptions().pluralCategories as string[];
  const single = singleNumberCategories(tag);
  const problems: string[] = [];
  const missing = Object.keys(enUS).filter((key) => !(key in own));
  if (missing.length > 0) problems.push(`missing keys: ${missing.join(', ')}`);
  for (const key of Object.keys(own)) if (!(key in enUS)) problems.push(`${key}: not an en-US key`);
  for (const [key, english] of Object.entries(enUS)) {
    const theirs = own[key];
    if (theirs === undefined) continue;
    const expected = sorted(allPlaceholders(english));
    if (typeof english === 'string') {
      if (typeof theirs !== 'string') {
        problems.push(`${key}: must be a string`);
        continue;
      }
      if (theirs.trim() === '') problems.push(`${key}: empty`);
      const found = sorted(placeholdersOf(theirs));
      if (found.join() !== expected.join()) problems.push(`${key}: placeholders {${found.join('} {')}} instead of {${expected.join('} {')}}`);
      continue;
    }
    if (typeof theirs !== 'object' || theirs === null || (theirs as { plural?: unknown }).plural !== 'count') {
      problems.push(`${key}: must be a plural template { "plural": "count", ${categories.map((c) => `"${c}"`).join(', ')} }`);
      continue;
    }
    const forms = Object.entries(theirs).filter(([name]) => name !== 'plural');
    const names = forms.map(([name]) => name);
    const extra = names.filter((name) => !categories.includes(name));
    const absent = categories.filter((name) => !names.includes(name));
    if (extra.length > 0 || absent.length > 0) {
      problems.push(`${key}: plural categories ${names.join(' ')} instead of ${categories.join(' ')}`);
    }
    for (const [name, form] of forms) {
      if (typeof form !== 'string' || form.trim() === '') {
        problems.push(`${key}.${name}: must be a text`);
        continue;
      }
      const found = placeholdersOf(form);
      // A form for one number only may say it in words: its `{count}` may go.
      const needed = expected.filter((placeholder) => placeholder !== 'count' || !single.has(name));
      const wrong = [...found].filter((placeholder) => !expected.includes(placeholder));
      const lacking = needed.filter((placeholder) => !found.has(placeholder));
      if (wrong.length > 0 || lacking.length > 0) {
        problems.push(`${key}.${name}: placeholders {${sorted(found).join('} {')}} instead of {${expected.join('} {')}}`);
      }
    }
  }
  if (problems.length > 0) return problems;
  // Every template compiles and formats, with every placeholder filled in and every count.
  const compiled = Object.fromEntries(Object.entries(own).map(([key, template]) => [key, compile(template as Template)]));
  const formatter = new LocalizedStringFormatter(tag, new LocalizedStringDictionary({ [tag]: compiled }, tag));
  for (const [key, english] of Object.entries(enUS)) {
    const variables = Object.fromEntries([...allPlaceholders(english)].map((name) => [name, `‹${name}›`]));
    for (const count of typeof english === 'string' ? [undefined] : [0, 1, 2, 3, 5, 11, 21, 101, 1000000]) {
      try {
        const text = formatter.format(key, count === undefined ? variables : { ...variables, count });
        if (/\{\w+\}/.test(text)) problems.push(`${key}: leaves ${text.match(/\{\w+\}/)![0]} unfilled`);
      } catch (error) {
        problems.push(`${key}: does not format: ${String(error)}`);
      }
    }
  }
  return problems;
}

describe.each(supportedLocales.filter((locale) => locale !== 'en-US'))('the %s catalogues', (locale) => {
  it.each(catalogues)('$name: complete and well formed', ({ folder, enUS }) => {
    expect(problemsOf(locale, enUS, join(folder, `${locale}.json`))).toEqual([]);
  });
});

describe('the plural categories', () => {
  it('are those compile knows', () => {
    for (const locale of supportedLocales) {
      for (const category of new Intl.PluralRules(intlLocale(locale)).resolvedOptions().pluralCategories) {
        expect(pluralCategories).toContain(category);
      }
    }
  });
});
