import { describe, expect, it } from 'vitest';
import { collectionItemDir, collectionLayout, dataFilePath, singletonDir } from './paths';

describe('collectionLayout', () => {
  it('reads base, suffix, glob and data location', () => {
    expect(collectionLayout('posts/*')).toEqual({ base: 'posts', suffix: '', glob: '*', location: 'outer' });
    expect(collectionLayout('posts/*/')).toEqual({ base: 'posts', suffix: '', glob: '*', location: 'index' });
    expect(collectionLayout('docs/**')).toEqual({ base: 'docs', suffix: '', glob: '**', location: 'outer' });
    expect(collectionLayout('packages/design-system/*/docs/')).toEqual({
      base: 'packages/design-system',
      suffix: '/docs',
      glob: '*',
      location: 'index',
    });
  });

  it('places item folders and data files', () => {
    const layout = collectionLayout('packages/design-system/*/docs/');
    const dir = collectionItemDir(layout, 'button');
    expect(dir).toBe('packages/design-system/button/docs');
    expect(dataFilePath(dir, layout.location, '.yaml')).toBe('packages/design-system/button/docs/index.yaml');
    const outer = collectionLayout('content/posts/*');
    expect(dataFilePath(collectionItemDir(outer, 'hello'), outer.location, '.mdoc')).toBe('content/posts/hello.mdoc');
  });

  it('handles a glob at the site root', () => {
    const layout = collectionLayout('*/');
    expect(collectionItemDir(layout, 'x')).toBe('x');
  });
});

describe('singletonDir', () => {
  it('tells index from outer', () => {
    expect(singletonDir('settings/')).toEqual({ dir: 'settings', location: 'index' });
    expect(singletonDir('content/settings')).toEqual({ dir: 'content/settings', location: 'outer' });
    expect(dataFilePath('settings', 'index', '.yaml')).toBe('settings/index.yaml');
  });
});
