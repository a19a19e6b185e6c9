/**
 * The entry screens, whose code (entry forms, the field widgets and the editor they bring) loads when
 * an entry opens, or ahead (`preload.ts`): the dashboard and the lists do not wait for it.
 */
import { lazyComponent } from '../ui/lazyComponent';
import { screenAtLocation } from './routes';

export const CreateEntryScreen = lazyComponent(async () => (await import('./entry/CreateEntryScreen')).CreateEntryScreen);
export const EditEntryScreen = lazyComponent(async () => (await import('./entry/EditEntryScreen')).EditEntryScreen);
export const SingletonScreen = lazyComponent(async () => (await import('./entry/SingletonScreen')).SingletonScreen);

/**
 * The screen an address opens, loaded while the config loads: a screen whose code is already here
 * when its route first renders shows without a loading state in between.
 */
export function preloadScreenOf(pathname: string): void {
  const at = screenAtLocation(pathname);
  const screen = at === null ? null : { createEntry: CreateEntryScreen, entry: EditEntryScreen, singleton: SingletonScreen, collection: null }[at.screen];
  // A failed load is the screen's to retry and report.
  screen?.preload().catch(() => undefined);
}
