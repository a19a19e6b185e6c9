import { describe, expect, it } from 'vitest';
import { treeShas } from './entryFiles';

describe('treeShas', () => {
  it('keeps the files, and leaves out folders, symbolic links and submodules', () => {
    const shas = treeShas([
      { path: 'posts', mode: '040000', type: 'tree', sha: 't1' },
      { path: 'posts/a.yaml', mode: '100644', type: 'blob', sha: 'b1' },
      { path: 'posts/link.yaml', mode: '120000', type: 'blob', sha: 'l1' },
      { path: 'theme', mode: '160000', type: 'commit', sha: 'c1' },
    ]);
    expect([...shas]).toEqual([['posts/a.yaml', 'b1']]);
  });
});
