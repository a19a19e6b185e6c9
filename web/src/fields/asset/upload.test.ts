import { describe, expect, it } from 'vitest';
import { isImageFile } from './upload';

describe('isImageFile', () => {
  it('takes the image kinds the server takes as images, by name or media type', () => {
    expect(isImageFile(new File([], 'Portrait.PNG', { type: 'image/png' }))).toBe(true);
    expect(isImageFile(new File([], 'clipboard', { type: 'image/webp' }))).toBe(true);
    expect(isImageFile(new File([], 'drawing.svg', { type: 'image/svg+xml' }))).toBe(true);
    expect(isImageFile(new File([], 'scan.bmp', { type: 'image/bmp' }))).toBe(false);
    expect(isImageFile(new File([], 'photo.jfif', { type: 'image/jpeg' }))).toBe(false);
    expect(isImageFile(new File([], 'notes.txt', { type: 'text/plain' }))).toBe(false);
  });
});
