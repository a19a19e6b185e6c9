// First of all: the first screen's requests go out while the rest of the admin's code starts.
import './early';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadScreenOf } from './app/entryScreens';
import { applyColorScheme, storedColorScheme } from './app/shell/colorScheme';
import './ui/theme.css';
import './ui/controls.css';
import './ui/surfaces.css';
import './fields/fields.css';
import './app/shell/shell.css';
import './app/branch/branch.css';
import './app/dashboard/dashboard.css';
import './app/collection/collection.css';
import './app/entry/entry.css';

// Before the first paint, so a dark choice never flashes light.
applyColorScheme(storedColorScheme());
preloadScreenOf(window.location.pathname);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
