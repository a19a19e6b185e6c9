import { describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES, uploadRefusal } from './upload';

const file = (name: string, size = 8) => new File([new Uint8Array(size)], name);

describe('uploadRefusal', () => {
  it('lets an image of the four kinds go, whatever the case of its extension', () => {
    for (const name of ['a.png', 'a.jpg', 'a.jpeg', 'a.gif', 'a.webp', 'PHOTO.JPG', 'Shot.PnG', 'x.y.WebP']) {
      expect(uploadRefusal(file(name), true)).toBeNull();
    }
  });

  it('refuses a file larger than 10 MB (10 MiB goes)', () => {
    expect(uploadRefusal(file('big.png', UPLOAD_MAX_BYTES), true)).toBeNull();
    expect(uploadRefusal(file('huge.png', UPLOAD_MAX_BYTES + 1), true)).toBe('Images must be smaller than 10MB');
  });

  it('refuses another kind of file', () => {
    for (const name of ['logo.svg', 'notes.txt', 'photo.heic', 'png', '.png', 'a.png.zip']) {
      expect(uploadRefusal(file(name), true)).toBe('Invalid image type, only PNG, JPEG, GIF, and WebP are supported');
    }
  });

  it('refuses any file while the person is not signed in to the cloud', () => {
    expect(uploadRefusal(file('cat.png'), false)).toBe('You must be signed in to upload images');
  });
});
