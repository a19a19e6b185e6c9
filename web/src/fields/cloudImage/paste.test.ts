import { describe, expect, it } from 'vitest';
import { parsePastedImage } from './paste';

describe('parsePastedImage', () => {
  it('reads JSON with src, alt and dimensions rounded to whole numbers', () => {
    expect(parsePastedImage('{"src":"https://x.test/a.png","alt":"A","width":640.4,"height":479.6}')).toEqual({
      src: 'https://x.test/a.png',
      alt: 'A',
      width: 640,
      height: 480,
    });
  });

  it('needs a src in JSON', () => {
    expect(parsePastedImage('{"alt":"A"}')).toBeNull();
    expect(parsePastedImage('{not json')).toBeNull();
  });

  it('reads Markdown image syntax, with or without a title', () => {
    expect(parsePastedImage('![A cat](https://x.test/cat.png)')).toEqual({ src: 'https://x.test/cat.png', alt: 'A cat' });
    expect(parsePastedImage('  ![](https://x.test/cat.png "Cat")\n')).toEqual({ src: 'https://x.test/cat.png', alt: '' });
  });

  it('reads a bare http(s) URL', () => {
    expect(parsePastedImage('https://x.test/a.png?w=2')).toEqual({ src: 'https://x.test/a.png?w=2' });
  });

  it('leaves other text alone', () => {
    expect(parsePastedImage('a cat')).toBeNull();
    expect(parsePastedImage('ftp://x.test/a.png')).toBeNull();
  });
});
