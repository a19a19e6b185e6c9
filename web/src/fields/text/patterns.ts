/**
 * Text patterns (`validation.pattern`), matched in linear time by RE2 (`re2js`), the engine the
 * server's regex follows: a pattern such as `^(a+)+$` cannot freeze the tab with backtracking, and
 * both sides read a pattern the same way. The engine loads only where an entry's schema has a
 * pattern; until it has, patterns are not checked here (the server checks them on every save).
 */
import type { RE2JS } from 're2js';

let engine: typeof RE2JS | null = null;
let loading: Promise<void> | null = null;
const compiled = new Map<string, RE2JS | null>();

/** Loads the engine; resolves at once when it is there. */
export function loadPatternEngine(): Promise<void> {
  loading ??= import('re2js').then((module) => {
    engine = module.RE2JS;
  });
  return loading;
}

/** Whether a schema (the normalized config's shape) holds any pattern: only patterns name a `regex`. */
export function schemaHasPatterns(schema: unknown): boolean {
  return JSON.stringify(schema).includes('"regex":');
}

/** Whether `value` matches `regex` anywhere, as JavaScript's `test` does; null until the engine loads. */
export function matchesPattern(regex: string, value: string): boolean | null {
  if (engine === null) return null;
  let pattern = compiled.get(regex);
  if (pattern === undefined) {
    try {
      pattern = engine.compile(engine.translateRegExp(regex));
    } catch {
      // The server refuses a config whose pattern does not compile; nothing to check against here.
      pattern = null;
    }
    compiled.set(regex, pattern);
  }
  return pattern === null ? null : pattern.test(value);
}
