import { describe, expect, it } from 'vitest';
import { isAt, isWithin, whereabouts } from './presence';

describe('whereabouts', () => {
  it('reads the branch and the location from an address with branches', () => {
    expect(whereabouts('/branch/feature%2Fx/collection/posts/item/hello')).toEqual({
      branch: 'feature/x',
      location: 'collection/posts/item/hello',
    });
    expect(whereabouts('/branch/main')).toEqual({ branch: 'main', location: '' });
  });

  it('tells a fork\'s branches from the repository\'s', () => {
    expect(whereabouts('/branch/main/singleton/settings', 'https://github.com/octo/blog')).toEqual({
      branch: 'https%3A%2F%2Fgithub.com%2Focto%2Fblog@main',
      location: 'singleton/settings',
    });
  });

  it('has no branch without branches', () => {
    expect(whereabouts('/singleton/settings')).toEqual({ branch: '', location: 'singleton/settings' });
    expect(whereabouts('/')).toEqual({ branch: '', location: '' });
  });
});

describe('where people are shown', () => {
  const ada = { branch: 'main', location: 'collection/posts/item/hello', path: ['title'] };

  it('on a screen only at the same address on the same branch', () => {
    expect(isAt(ada, { branch: 'main', location: 'collection/posts/item/hello' })).toBe(true);
    expect(isAt(ada, { branch: 'other', location: 'collection/posts/item/hello' })).toBe(false);
    expect(isAt(ada, { branch: 'main', location: 'collection/posts/item/hello-2' })).toBe(false);
  });

  it('on a collection when at its list or one of its entries', () => {
    expect(isWithin(ada, 'main', 'collection/posts')).toBe(true);
    expect(isWithin(ada, 'main', 'collection/post')).toBe(false);
    expect(isWithin(ada, 'other', 'collection/posts')).toBe(false);
  });
});
