/**
 * The locale of this visit, made ready before the admin first renders. en-US is in the first
 * load's code; any other locale loads its admin and editor catalogues and react-aria's strings for
 * it (three small chunks of its own, only that locale's), so that every message, date and number,
 * and react-aria's own words, are in it from the first paint.
 */
import { loadAriaStrings } from './lib/messages/ariaStrings';
import { loadMessages } from './lib/messages/format';
import { DEFAULT_LOCALE, intlLocale, localeDirection } from './lib/messages/locale';
import type { Locale } from './lib/messages/locale';

/** Sets the page's language and direction, which screen readers, fonts and the CSS follow. */
export function showDocumentIn(locale: Locale): void {
  document.documentElement.lang = intlLocale(locale);
  document.documentElement.dir = localeDirection(locale);
}

/**
 * Loads what `locale` needs and makes it the locale of messages and formatting; resolves to the
 * locale the admin shows: `locale`, or en-US when its files could not be loaded.
 */
export async function prepareLocale(locale: Locale): Promise<Locale> {
  if (locale === DEFAULT_LOCALE) return locale;
  try {
    await Promise.all([
      loadMessages(locale),
      import('./editor/messages').then(({ loadEditorMessages }) => loadEditorMessages(locale)),
      loadAriaStrings(locale),
    ]);
    return locale;
  } catch {
    // Offline or a build without this locale: the admin still opens, in en-US.
    await loadMessages(DEFAULT_LOCALE);
    await import('./editor/messages').then(({ loadEditorMessages }) => loadEditorMessages(DEFAULT_LOCALE)).catch(
      // The editor's messages, when they come, follow the admin's locale.
      () => undefined,
    );
    return DEFAULT_LOCALE;
  }
}
