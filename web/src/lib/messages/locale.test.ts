import { describe, expect, it } from 'vitest';
import { intlLocale, localeDirection, localeName, matchLocale, supportedLocales } from './locale';

describe('matchLocale', () => {
  it('takes the stored choice when it names a supported locale', () => {
    expect(matchLocale('fr-FR', ['de-DE'])).toBe('fr-FR');
    expect(matchLocale('xx-YY', ['de-DE'])).toBe('de-DE');
    expect(matchLocale('fr', ['de-DE'])).toBe('de-DE');
    expect(matchLocale(null, [])).toBe('en-US');
  });

  it("takes the site's locale before the browser's languages, and a person's choice before both", () => {
    expect(matchLocale(null, ['de-DE'], 'fr-FR')).toBe('fr-FR');
    expect(matchLocale('ja-JP', ['de-DE'], 'fr-FR')).toBe('ja-JP');
    expect(matchLocale(null, ['de-DE'], null)).toBe('de-DE');
    expect(matchLocale(null, ['de-DE'], 'xx')).toBe('de-DE');
  });

  it('takes the same tag first, whatever its case', () => {
    expect(matchLocale(null, ['pt-PT'])).toBe('pt-PT');
    expect(matchLocale(null, ['zh-tw'])).toBe('zh-TW');
    expect(matchLocale(null, ['sr-SP'])).toBe('sr-SP');
  });

  it('else a locale of the same language', () => {
    expect(matchLocale(null, ['de'])).toBe('de-DE');
    expect(matchLocale(null, ['de-AT'])).toBe('de-DE');
    expect(matchLocale(null, ['en-GB'])).toBe('en-US');
    expect(matchLocale(null, ['ja'])).toBe('ja-JP');
    expect(matchLocale(null, ['sr'])).toBe('sr-SP');
    expect(matchLocale(null, ['sr-Latn-RS'])).toBe('sr-SP');
    expect(matchLocale(null, ['nb'])).toBe('nb-NO');
    expect(matchLocale(null, ['no'])).toBe('nb-NO');
    expect(matchLocale(null, ['nn-NO'])).toBe('nb-NO');
  });

  it('tells Portuguese and Chinese apart by country and script', () => {
    expect(matchLocale(null, ['pt'])).toBe('pt-BR');
    expect(matchLocale(null, ['pt-BR'])).toBe('pt-BR');
    expect(matchLocale(null, ['pt-AO'])).toBe('pt-PT');
    expect(matchLocale(null, ['zh'])).toBe('zh-CN');
    expect(matchLocale(null, ['zh-Hans'])).toBe('zh-CN');
    expect(matchLocale(null, ['zh-SG'])).toBe('zh-CN');
    expect(matchLocale(null, ['zh-Hant'])).toBe('zh-TW');
    expect(matchLocale(null, ['zh-HK'])).toBe('zh-TW');
  });

  it('follows the order of the browser languages, skipping those it cannot answer', () => {
    expect(matchLocale(null, ['gsw', 'de-CH', 'en-US'])).toBe('de-DE');
    expect(matchLocale(null, ['cy', 'not a tag', 'fr-CA', 'en'])).toBe('fr-FR');
    expect(matchLocale(null, ['cy', 'eu'])).toBe('en-US');
  });
});

describe('each locale', () => {
  it('is named in its own language, with script or country only where the language is shared', () => {
    expect(localeName('de-DE')).toBe('Deutsch');
    expect(localeName('en-US')).toBe('English');
    expect(localeName('fr-FR')).toBe('Français');
    expect(localeName('ja-JP')).toBe('日本語');
    expect(localeName('sr-SP')).toBe('Srpski');
    expect(localeName('zh-CN')).toBe('简体中文');
    expect(localeName('zh-TW')).toBe('繁體中文');
    expect(localeName('pt-BR')).toBe('Português (Brasil)');
    expect(new Set(supportedLocales.map(localeName)).size).toBe(supportedLocales.length);
  });

  it('has a direction and a tag Intl knows', () => {
    expect(supportedLocales.filter((locale) => localeDirection(locale) === 'rtl')).toEqual(['ar-AE', 'he-IL']);
    expect(intlLocale('sr-SP')).toBe('sr-Latn-RS');
    for (const locale of supportedLocales) expect(Intl.getCanonicalLocales(intlLocale(locale))).toEqual([intlLocale(locale)]);
  });
});
