import { describe, expect, it } from 'vitest';
import { gitBlobSha } from './gitBlobSha';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('gitBlobSha', () => {
  it('matches git hash-object', async () => {
    expect(await gitBlobSha(bytes('hello\n'))).toBe('ce013625030ba8dba906f756967f9e9ca394464a');
    expect(await gitBlobSha(bytes(''))).toBe('e69de29bb2d1d6434b8b29ae775ad8c2e48c5391');
    // Keystatic's tree vector: a file holding "a".
    expect(await gitBlobSha(bytes('a'))).toBe('2e65efe2a145dda7ee51d1741299f848e5bf752e');
  });

  it('counts bytes, not characters, in the header', async () => {
    expect(await gitBlobSha(bytes('é\n'))).toBe('c6003325155f475bd7c87731607525dce73be9cf');
  });
});
