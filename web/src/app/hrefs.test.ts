import { describe, expect, it } from 'vitest';
import { branchHrefs, onBranch } from './hrefs';

describe('branchHrefs', () => {
  it('keeps the spec routes for storage without branches', () => {
    const hrefs = branchHrefs(null);
    expect(hrefs.dashboard()).toBe('/');
    expect(hrefs.entry('docs', 'guides/intro')).toBe('/collection/docs/item/guides/intro');
  });

  it('puts every screen below the branch, its name as one segment', () => {
    const hrefs = branchHrefs('quire/new look');
    expect(hrefs.dashboard()).toBe('/branch/quire%2Fnew%20look');
    expect(hrefs.singleton('settings')).toBe('/branch/quire%2Fnew%20look/singleton/settings');
    expect(hrefs.createEntry('posts', 'a b')).toBe('/branch/quire%2Fnew%20look/collection/posts/create?duplicate=a%20b');
  });
});

describe('onBranch', () => {
  it('replaces the branch segment and keeps the screen', () => {
    expect(onBranch('/branch/main/collection/posts', 'quire/x')).toBe('/branch/quire%2Fx/collection/posts');
    expect(onBranch('/branch/quire%2Fx', 'main')).toBe('/branch/main');
  });

  it('adds a branch to paths without one', () => {
    expect(onBranch('/', 'main')).toBe('/branch/main');
    expect(onBranch('/collection/posts', 'main')).toBe('/branch/main/collection/posts');
  });
});
