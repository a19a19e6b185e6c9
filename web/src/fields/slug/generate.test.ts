import { describe, expect, it } from 'vitest';
import { slugFromName, uniqueSlug } from './generate';

describe('slugFromName', () => {
  // Keystatic's generator (@sindresorhus/slugify 1.x with default options), keystatic-formats §2.4.
  it.each([
    ['Hello World', 'hello-world'],
    ['Déjà vu & Co.', 'deja-vu-and-co'],
    ['fooBar BAZ', 'foo-bar-baz'],
    ['Ünïcödé Straße', 'uenicoede-strasse'],
    ['I ♥ Dogs', 'i-love-dogs'],
    ['C++ / C#', 'c-c'],
    ['foo_bar', 'foo-bar'],
    ['日本語タイトル', ''],
  ])('%s → %s', (name, slug) => {
    expect(slugFromName(name)).toBe(slug);
  });
});

describe('uniqueSlug', () => {
  it('keeps a free slug', () => {
    expect(uniqueSlug('hello', new Set(['other']))).toBe('hello');
  });

  it('appends the first free number', () => {
    expect(uniqueSlug('hello', new Set(['hello']))).toBe('hello-1');
    expect(uniqueSlug('hello', new Set(['hello', 'hello-1', 'hello-2']))).toBe('hello-3');
  });
});
