/**
 * Quire Cloud's pages, the second entry of the admin's build (`cloud.html`): they share the admin's
 * design system (`ui/`) and message machinery (`lib/messages/`) and nothing else of it. en-US is in
 * this code; another locale's messages and react-aria's strings for it load before the first render.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nProvider } from 'react-aria-components';
import { loadAriaStrings } from '../lib/messages/ariaStrings';
import { chosenLocale, DEFAULT_LOCALE, intlLocale, localeDirection } from '../lib/messages/locale';
import type { Locale } from '../lib/messages/locale';
import { CloudApp } from './CloudApp';
import { loadCloudMessages } from './messages';
import '../ui/theme.css';
import '../ui/controls.css';
import '../ui/surfaces.css';
import './cloud.css';

function start(locale: Locale) {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <I18nProvider locale={locale}>
        <CloudApp />
      </I18nProvider>
    </StrictMode>,
  );
}

/** The locale shown, once its files are here: en-US when they could not be loaded. */
async function prepare(locale: Locale): Promise<Locale> {
  if (locale === DEFAULT_LOCALE) return locale;
  try {
    await Promise.all([loadCloudMessages(locale), loadAriaStrings(locale)]);
    return locale;
  } catch {
    await loadCloudMessages(DEFAULT_LOCALE);
    return DEFAULT_LOCALE;
  }
}

const chosen = chosenLocale();
void prepare(chosen).then((locale) => {
  document.documentElement.lang = intlLocale(locale);
  document.documentElement.dir = localeDirection(locale);
  start(locale);
});
