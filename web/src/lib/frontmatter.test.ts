import { describe, expect, it } from 'vitest';
import { joinFrontmatter, splitFrontmatter } from './frontmatter';

describe('splitFrontmatter', () => {
  it('splits data and content', () => {
    expect(splitFrontmatter('---\ntitle: Hi\n---\nBody\n')).toEqual({
      data: 'title: Hi',
      content: 'Body\n',
      hasFrontmatter: true,
    });
  });

  it('accepts CRLF line ends', () => {
    expect(splitFrontmatter('---\r\ntitle: Hi\r\n---\r\nBody\r\n')).toEqual({
      data: 'title: Hi',
      content: 'Body\r\n',
      hasFrontmatter: true,
    });
  });

  it('reads a file without frontmatter as all content', () => {
    expect(splitFrontmatter('# Heading\n')).toEqual({ data: '', content: '# Heading\n', hasFrontmatter: false });
  });

  it('accepts an empty block and a closing fence at the end of the file', () => {
    expect(splitFrontmatter('---\n---\n')).toEqual({ data: '', content: '', hasFrontmatter: true });
    expect(splitFrontmatter('---\na: 1\n---')).toEqual({ data: 'a: 1', content: '', hasFrontmatter: true });
  });
});

describe('joinFrontmatter', () => {
  it('frames data exactly as Keystatic does, with no blank line after the fence', () => {
    expect(joinFrontmatter('title: Hi\n', 'Body\n')).toBe('---\ntitle: Hi\n---\nBody\n');
    expect(joinFrontmatter('{}\n', '')).toBe('---\n{}\n---\n');
  });
});
