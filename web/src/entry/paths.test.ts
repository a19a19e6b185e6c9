import { describe, expect, it } from 'vitest';
import { collectionItemDir, collectionLayout, dataFilePath, singletonDir, slugsInTree } from './paths';

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
    expect(slugsInTree(['x/index.yaml', 'y.yaml'], layout, '.yaml')).toEqual(['x']);
  });
});

describe('singletonDir', () => {
  it('tells index from outer', () => {
    expect(singletonDir('settings/')).toEqual({ dir: 'settings', location: 'index' });
    expect(singletonDir('content/settings')).toEqual({ dir: 'content/settings', location: 'outer' });
    expect(dataFilePath('settings', 'index', '.yaml')).toBe('settings/index.yaml');
  });
});

describe('slugsInTree', () => {
  const paths = [
    'posts/a/index.yaml',
    'posts/b/index.yaml',
    'posts/b/image.png',
    'posts/c/index.json',
    'posts/d.yaml',
    'posts/nested/e/index.yaml',
    'postsX/f/index.yaml',
  ];

  it('finds index entries with the right extension', () => {
    expect(slugsInTree(paths, collectionLayout('posts/*/'), '.yaml')).toEqual(['a', 'b']);
  });

  it('finds outer entries by their file', () => {
    expect(slugsInTree(paths, collectionLayout('posts/*'), '.yaml')).toEqual(['d']);
  });

  it('nests slugs only under **', () => {
    expect(slugsInTree(paths, collectionLayout('posts/**/'), '.yaml')).toEqual(['a', 'b', 'nested/e']);
  });

  it('needs the suffix after the slug', () => {
    const tree = ['packages/button/docs/index.yaml', 'packages/card/index.yaml'];
    expect(slugsInTree(tree, collectionLayout('packages/*/docs/'), '.yaml')).toEqual(['button']);
  });
});
