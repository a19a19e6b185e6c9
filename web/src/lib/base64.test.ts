import { describe, expect, it } from 'vitest';
import { encodeBase64 } from './base64';

describe('base64', () => {
  it('encodes standard base64 with padding', () => {
    expect(encodeBase64(new TextEncoder().encode('hello'))).toBe('aGVsbG8=');
    expect(encodeBase64(Uint8Array.from([0xfb, 0xff]))).toBe('+/8=');
    expect(encodeBase64(new Uint8Array())).toBe('');
  });

  it('round-trips files larger than one chunk', () => {
    const bytes = Uint8Array.from({ length: 100_003 }, (_, index) => (index * 31) % 256);
    expect(new Uint8Array(Buffer.from(encodeBase64(bytes), 'base64'))).toEqual(bytes);
  });
});
