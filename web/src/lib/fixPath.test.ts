import { describe, expect, it } from 'vitest';
import { fixPath } from './fixPath';

describe('fixPath', () => {
  it('drops a leading ./ or / and trailing slashes', () => {
    expect(fixPath('./posts/')).toBe('posts');
    expect(fixPath('/content//')).toBe('content');
    expect(fixPath('a/b')).toBe('a/b');
  });
});
