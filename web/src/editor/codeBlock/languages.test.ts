import { describe, expect, it } from 'vitest';
import { canonicalLanguage, languageLabel } from './languages';

describe('code block languages', () => {
  it.each([
    ['', ''],
    ['Plain text', ''],
    ['plain', ''],
    ['TypeScript', 'typescript'],
    ['ts', 'typescript'],
    ['C++', 'cpp'],
    ['yml', 'yaml'],
    ['  Rust ', 'rust'],
    ['mermaid', 'mermaid'],
  ])('typing %j stores %j', (typed, stored) => {
    expect(canonicalLanguage(typed, 'Plain text')).toBe(stored);
  });

  it.each([
    ['', 'Plain text'],
    ['ts', 'TypeScript'],
    ['javascript', 'JavaScript'],
    ['mermaid', 'mermaid'],
  ])('%j shows as %j', (stored, shown) => {
    expect(languageLabel(stored, 'Plain text')).toBe(shown);
  });
});
