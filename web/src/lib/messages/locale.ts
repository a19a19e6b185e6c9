/**
 * The admin's interface locales (react-aria's; `quire.yaml`'s `locale` takes the same, listed in
 * `crates/content/src/config/locale.rs`), each with its own name and direction, and the one a person
 * gets: their choice, kept in the browser, else the site's `locale`, else the closest to their
 * browser's languages, else en-US.
 */

export const supportedLocales = [
  'ar-AE',
  'bg-BG',
  'cs-CZ',
  'da-DK',
  'de-DE',
  'el-GR',
  'en-US',
  'es-ES',
  'et-EE',
  'fi-FI',
  'fr-FR',
  'he-IL',
  'hr-HR',
  'hu-HU',
  'it-IT',
  'ja-JP',
  'ko-KR',
  'lt-LT',
  'lv-LV',
  'nb-NO',
  'nl-NL',
  'pl-PL',
  'pt-BR',
  'pt-PT',
  'ro-RO',
  'ru-RU',
  'sk-SK',
  'sl-SI',
  'sr-SP',
  'sv-SE',
  'tr-TR',
  'uk-UA',
  'zh-CN',
  'zh-TW',
] as const;

export type Locale = (typeof supportedLocales)[number];

export const DEFAULT_LOCALE = 'en-US' satisfies Locale;

/** Where a person's choice of locale is kept. */
export const LOCALE_STORAGE_KEY = 'quire-locale';

export function isSupportedLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (supportedLocales as readonly string[]).includes(value);
}

const rightToLeft: readonly Locale[] = ['ar-AE', 'he-IL'];

export function localeDirection(locale: Locale): 'ltr' | 'rtl' {
  return rightToLeft.includes(locale) ? 'rtl' : 'ltr';
}

/**
 * The locale as `Intl` and `<html lang>` take it. react-aria's sr-SP holds Serbian in Latin script
 * (SP names no country); every other tag is a valid one as it is.
 */
export function intlLocale(locale: Locale): string {
  return locale === 'sr-SP' ? 'sr-Latn-RS' : locale;
}

/**
 * How a locale names itself in a list of them: its language (`Deutsch`), with its script or country
 * only when another locale has the same language (`简体中文` and `繁體中文`, `Português (Brasil)`).
 */
export function localeName(locale: Locale): string {
  const tag = new Intl.Locale(intlLocale(locale));
  const shared = supportedLocales.filter((other) => other.split('-')[0] === tag.language);
  let named: string = tag.language;
  if (shared.length > 1) {
    const scripts = new Set(shared.map((other) => new Intl.Locale(intlLocale(other)).maximize().script));
    named = scripts.size > 1 ? `${tag.language}-${tag.maximize().script}` : `${tag.language}-${tag.region}`;
  }
  const name = new Intl.DisplayNames([tag.toString()], { type: 'language' }).of(named) ?? locale;
  return name.charAt(0).toLocaleUpperCase(tag.toString()) + name.slice(1);
}

/**
 * The locale for a person: `stored` when it names a supported locale, else the `site`'s (its
 * config's `locale`), else the first of their browser's `languages` that one answers (the same tag,
 * else the same language: `de-AT` → de-DE, `pt` → pt-BR, `zh-Hant` or `zh-HK` → zh-TW, `no` →
 * nb-NO), else en-US.
 */
export function matchLocale(stored: string | null | undefined, languages: readonly string[], site?: string | null): Locale {
  if (isSupportedLocale(stored)) return stored;
  if (isSupportedLocale(site)) return site;
  for (const language of languages) {
    const match = matchLanguage(language);
    if (match !== null) return match;
  }
  return DEFAULT_LOCALE;
}

/** Languages whose tag in the browser names them otherwise than react-aria's locale does. */
const languageAliases: Record<string, string> = { no: 'nb', nn: 'nb', iw: 'he' };

function matchLanguage(language: string): Locale | null {
  let tag: Intl.Locale;
  try {
    tag = new Intl.Locale(language);
  } catch {
    return null;
  }
  const exact = supportedLocales.find((locale) => locale.toLowerCase() === tag.baseName.toLowerCase());
  if (exact !== undefined) return exact;
  const base = languageAliases[tag.language] ?? tag.language;
  switch (base) {
    case 'zh':
      return tag.maximize().script === 'Hant' ? 'zh-TW' : 'zh-CN';
    case 'pt':
      // Portuguese outside Brazil is written as in Portugal (CLDR's pt-PT is their parent).
      return tag.region === undefined || tag.region === 'BR' ? 'pt-BR' : 'pt-PT';
    default:
      return supportedLocales.find((locale) => locale.split('-')[0] === base) ?? null;
  }
}

/**
 * The locale this visit shows: the one chosen in the admin, else the site's (which the server puts
 * in the page as `<meta name="quire-locale">`), else the browser's best match.
 */
export function chosenLocale(): Locale {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    // Storage can be unavailable (disabled cookies, some private modes): the browser's languages decide.
  }
  const site = typeof document === 'undefined' ? null : document.querySelector('meta[name="quire-locale"]')?.getAttribute('content');
  return matchLocale(stored, typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]), site);
}

/** Keeps `locale` as the person's choice (the next visit starts in it). */
export function storeLocale(locale: Locale): void {
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Without storage, the choice cannot last; the browser's languages decide again next time.
  }
}
