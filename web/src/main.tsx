/**
 * The admin's first module, and what loads when. The first screen's requests (the config; on a
 * list's address its first page; on an entry's, its files) go out before anything else
 * (`early.ts`, `app/firstRequests.ts`), and the API client
 * answers the same requests from them once (`api/early.ts`). Another locale's catalogues and
 * react-aria's strings for it load before the first render (`locale.ts`). The first load is the
 * dashboard and the lists, held to a budget (`scripts/first-load.mjs`). Entry screens load when an
 * entry opens (`app/entryScreens.ts`; on an entry's address, while the config loads), and ahead,
 * with the editor and the formats the collection's content fields use, when a list is idle or a row
 * is about to be opened (`app/preload.ts`); an entry screen loads the editor while it reads the
 * entry, and code loaded ahead renders at once (`ui/lazyComponent.ts`). Menus, pickers, dialogs and
 * collaboration come after the first screen shows (`lib/screenShown.ts`), a stand-in holding each
 * menu's place until then (`ui/Deferred.tsx`).
 */
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
