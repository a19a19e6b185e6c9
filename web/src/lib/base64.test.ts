import { describe, expect, it } from 'vitest';
import { decodeBase64Url, encodeBase64, encodeBase64Url } from './base64';

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

  it('writes the URL-safe form without padding and reads it back', () => {
    const bytes = Uint8Array.from([0xfb, 0xff, 0x3e, 0x00]);
    expect(encodeBase64Url(bytes)).toBe('-_8-AA');
    expect(decodeBase64Url('-_8-AA')).toEqual(bytes);
    expect(decodeBase64Url('+/8+AA==')).toEqual(bytes);
    expect(() => decodeBase64Url('not base64!')).toThrow();
  });
});
