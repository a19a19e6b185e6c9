/**
 * react-aria's own words (a date field's placeholders, a dialog's dismiss button) in another locale
 * than en-US: the build keeps only en-US in react-aria's components, and each other locale's strings
 * come as a chunk of their own (react-aria-components/i18n/{locale}), handed to the page before the
 * first render as react-aria's LocalizedStringProvider would.
 */
import type { Locale } from './locale';

type AriaStrings = { default: Record<string, unknown> };

// The package types these modules' default export as a type only; it is the strings object.
const aria = (load: Promise<unknown>) => load as Promise<AriaStrings>;

/** react-aria's strings for each locale, as react-aria-components ships them (`i18n/{locale}`). */
const ariaStrings: Record<Exclude<Locale, 'en-US'>, () => Promise<AriaStrings>> = {
  'ar-AE': () => aria(import('react-aria-components/i18n/ar-AE')),
  'bg-BG': () => aria(import('react-aria-components/i18n/bg-BG')),
  'cs-CZ': () => aria(import('react-aria-components/i18n/cs-CZ')),
  'da-DK': () => aria(import('react-aria-components/i18n/da-DK')),
  'de-DE': () => aria(import('react-aria-components/i18n/de-DE')),
  'el-GR': () => aria(import('react-aria-components/i18n/el-GR')),
  'es-ES': () => aria(import('react-aria-components/i18n/es-ES')),
  'et-EE': () => aria(import('react-aria-components/i18n/et-EE')),
  'fi-FI': () => aria(import('react-aria-components/i18n/fi-FI')),
  'fr-FR': () => aria(import('react-aria-components/i18n/fr-FR')),
  'he-IL': () => aria(import('react-aria-components/i18n/he-IL')),
  'hr-HR': () => aria(import('react-aria-components/i18n/hr-HR')),
  'hu-HU': () => aria(import('react-aria-components/i18n/hu-HU')),
  'it-IT': () => aria(import('react-aria-components/i18n/it-IT')),
  'ja-JP': () => aria(import('react-aria-components/i18n/ja-JP')),
  'ko-KR': () => aria(import('react-aria-components/i18n/ko-KR')),
  'lt-LT': () => aria(import('react-aria-components/i18n/lt-LT')),
  'lv-LV': () => aria(import('react-aria-components/i18n/lv-LV')),
  'nb-NO': () => aria(import('react-aria-components/i18n/nb-NO')),
  'nl-NL': () => aria(import('react-aria-components/i18n/nl-NL')),
  'pl-PL': () => aria(import('react-aria-components/i18n/pl-PL')),
  'pt-BR': () => aria(import('react-aria-components/i18n/pt-BR')),
  'pt-PT': () => aria(import('react-aria-components/i18n/pt-PT')),
  'ro-RO': () => aria(import('react-aria-components/i18n/ro-RO')),
  'ru-RU': () => aria(import('react-aria-components/i18n/ru-RU')),
  'sk-SK': () => aria(import('react-aria-components/i18n/sk-SK')),
  'sl-SI': () => aria(import('react-aria-components/i18n/sl-SI')),
  'sr-SP': () => aria(import('react-aria-components/i18n/sr-SP')),
  'sv-SE': () => aria(import('react-aria-components/i18n/sv-SE')),
  'tr-TR': () => aria(import('react-aria-components/i18n/tr-TR')),
  'uk-UA': () => aria(import('react-aria-components/i18n/uk-UA')),
  'zh-CN': () => aria(import('react-aria-components/i18n/zh-CN')),
  'zh-TW': () => aria(import('react-aria-components/i18n/zh-TW')),
};

/** Loads react-aria's strings for `locale` and makes its components read them. */
export async function loadAriaStrings(locale: Exclude<Locale, 'en-US'>): Promise<void> {
  const strings = await ariaStrings[locale]();
  // As react-aria's LocalizedStringProvider hands strings to the page (getLocalizationScript): its
  // components read them from here instead of the en-US strings they were built with.
  const page = window as unknown as Record<symbol, unknown>;
  page[Symbol.for('react-aria.i18n.locale')] = locale;
  page[Symbol.for('react-aria.i18n.strings')] = strings.default;
}
