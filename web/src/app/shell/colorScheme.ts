/** The chosen colour scheme, kept where Keystatic keeps it so the choice carries over. */
import { useState } from 'react';
import type { IconName } from '../../ui/icons';

export type ColorScheme = 'auto' | 'light' | 'dark';

export const COLOR_SCHEMES: readonly ColorScheme[] = ['auto', 'light', 'dark'];

/** Follow the system, light, dark: the theme menu's button shows the one chosen. */
export const schemeIcon: Record<ColorScheme, IconName> = { auto: 'monitor', light: 'sun', dark: 'moon' };

const STORAGE_KEY = 'keystatic-color-scheme';

export function storedColorScheme(): ColorScheme {
  const value = safeStorage()?.getItem(STORAGE_KEY);
  return value === 'light' || value === 'dark' ? value : 'auto';
}

/** Sets the scheme on the document root, where the theme's CSS reads it. */
export function applyColorScheme(scheme: ColorScheme): void {
  document.documentElement.dataset.colorScheme = scheme;
}

export function useColorScheme(): [ColorScheme, (scheme: ColorScheme) => void] {
  const [scheme, setScheme] = useState(storedColorScheme);
  const choose = (next: ColorScheme) => {
    safeStorage()?.setItem(STORAGE_KEY, next);
    applyColorScheme(next);
    setScheme(next);
  };
  return [scheme, choose];
}

// Storage can be unavailable (disabled cookies, some private modes); the scheme then lasts a visit.
function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
