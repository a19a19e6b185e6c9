import { describe, expect, it } from 'vitest';
import { globToRegExp, matchingPaths } from './glob';

describe('globToRegExp', () => {
  it('keeps * within one segment', () => {
    const regex = globToRegExp('public/*.png');
    expect(regex.test('public/logo.png')).toBe(true);
    expect(regex.test('public/images/logo.png')).toBe(false);
  });

  it('lets ** cross segments, including none', () => {
    const regex = globToRegExp('public/**/*.png');
    expect(regex.test('public/logo.png')).toBe(true);
    expect(regex.test('public/images/brand/logo.png')).toBe(true);
    expect(regex.test('src/logo.png')).toBe(false);
  });

  it('reads other characters literally', () => {
    expect(globToRegExp('a+b/(x).md').test('a+b/(x).md')).toBe(true);
    expect(globToRegExp('a.md').test('aXmd')).toBe(false);
    expect(globToRegExp('?.md').test('a.md')).toBe(true);
  });
});

describe('matchingPaths', () => {
  const paths = ['README.md', 'public/b.png', 'public/a.png', 'public/a.jpg'];

  it('sorts the matches', () => expect(matchingPaths(paths, 'public/*.png')).toEqual(['public/a.png', 'public/b.png']));
  it('takes every path without a pattern', () => expect(matchingPaths(paths, null)).toHaveLength(4));
  it('ignores a leading ./ or /', () => expect(matchingPaths(paths, './*.md')).toEqual(['README.md']));
});
