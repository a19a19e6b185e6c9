// First of all: the first screen's requests go out while the rest of the admin's code starts.
import './early';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nProvider } from 'react-aria-components';
import { App } from './app/App';
import { preloadScreenOf } from './app/entryScreens';
import { applyColorScheme, storedColorScheme } from './app/shell/colorScheme';
import { chosenLocale, DEFAULT_LOCALE } from './lib/messages/locale';
import type { Locale } from './lib/messages/locale';
import { prepareLocale, showDocumentIn } from './locale';
import './ui/theme.css';
import './ui/controls.css';
import './ui/surfaces.css';
import './fields/fields.css';
import './app/shell/shell.css';
import './app/branch/branch.css';
import './app/dashboard/dashboard.css';
import './app/collection/collection.css';
import './app/entry/entry.css';
import './app/collab/collab.css';

// Before the first paint, so a dark choice never flashes light.
applyColorScheme(storedColorScheme());

function start(locale: Locale) {
  showDocumentIn(locale);
  preloadScreenOf(window.location.pathname);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <I18nProvider locale={locale}>
        <App />
      </I18nProvider>
    </StrictMode>,
  );
}

// en-US is in this code; another locale's messages and react-aria's strings for it come first, so
// that no screen (nor code loaded ahead, which may name things as it loads) starts in en-US.
const locale = chosenLocale();
if (locale === DEFAULT_LOCALE) start(locale);
else {
  showDocumentIn(locale);
  void prepareLocale(locale).then(start);
}
