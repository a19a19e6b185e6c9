/**
 * Keystatic's `fixPath`: a configured path without a leading `./` or `/` and without trailing
 * slashes. Fields normalize their `directory` with it, and the entry's path rules every path.
 */
export function fixPath(path: string): string {
  return path.replace(/^\.?\/+/, '').replace(/\/*$/, '');
}
