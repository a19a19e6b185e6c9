import { describe, expect, it } from 'vitest';
import { loadPatternEngine, matchesPattern, schemaHasPatterns } from './patterns';

describe('text patterns', () => {
  it('match as JavaScript tests them, once the engine is loaded', async () => {
    expect(matchesPattern('^[a-z0-9-]+$', 'hello')).toBeNull();
    await loadPatternEngine();
    expect(matchesPattern('^[a-z0-9-]+$', 'hello-2')).toBe(true);
    expect(matchesPattern('^[a-z0-9-]+$', 'Hello')).toBe(false);
    expect(matchesPattern('b', 'abc'), 'a match anywhere, as test() finds').toBe(true);
    expect(matchesPattern('^\\d{4}$', '2024')).toBe(true);
  });

  it('take linear time where a backtracking engine would not finish', async () => {
    await loadPatternEngine();
    // A backtracking RegExp tries 2^40 ways here before it gives up.
    expect(matchesPattern('^(a+)+$', `${'a'.repeat(40)}!`)).toBe(false);
    expect(matchesPattern('^(a|aa)*$', 'a'.repeat(5000))).toBe(true);
  });

  it('are only loaded for schemas that have them', () => {
    expect(schemaHasPatterns({ title: { kind: 'text', validation: { pattern: null } } })).toBe(false);
    expect(schemaHasPatterns({ title: { kind: 'text', validation: { pattern: { regex: 'x', message: null } } } })).toBe(true);
  });
});
