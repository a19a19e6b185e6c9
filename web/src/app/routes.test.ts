import { describe, expect, it } from 'vitest';
import { branchHrefs } from './hrefs';
import { screenAt, screenAtLocation } from './routes';

describe('screenAt', () => {
  it('recognizes every address hrefs.ts builds, with its parts decoded', () => {
    for (const branch of [null, 'quire/new look']) {
      const hrefs = branchHrefs(branch);
      expect(screenAt(hrefs.collection('po sts'))).toEqual({ screen: 'collection', branch, params: { collection: 'po sts' } });
      expect(screenAt(hrefs.createEntry('posts', 'a b').split('?')[0]!)).toEqual({ screen: 'createEntry', branch, params: { collection: 'posts' } });
      expect(screenAt(hrefs.entry('docs', 'guides/intro me'))).toEqual({
        screen: 'entry',
        branch,
        params: { collection: 'docs', '*': 'guides/intro me' },
      });
      expect(screenAt(hrefs.singleton('settings'))).toEqual({ screen: 'singleton', branch, params: { singleton: 'settings' } });
      expect(screenAt(hrefs.dashboard())).toBeNull();
    }
  });

  it('ignores a trailing slash and refuses addresses that are no screen', () => {
    expect(screenAt('/collection/posts/')?.screen).toBe('collection');
    expect(screenAt('/collection/posts/extra')).toBeNull();
    expect(screenAt('/collection//create')).toBeNull();
    expect(screenAt('/nowhere')).toBeNull();
  });

  it('reads a page address only below the admin base', () => {
    expect(screenAtLocation('/keystatic/branch/main/singleton/settings')).toEqual({ screen: 'singleton', branch: 'main', params: { singleton: 'settings' } });
    expect(screenAtLocation('/keystaticx/singleton/settings')).toBeNull();
    expect(screenAtLocation('/other/singleton/settings')).toBeNull();
  });
});
