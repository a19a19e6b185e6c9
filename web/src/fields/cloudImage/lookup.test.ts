import { describe, expect, it } from 'vitest';
import { isCloudImageUrl, withLookedUp } from './lookup';

describe('isCloudImageUrl', () => {
  it('knows the images of the cloud, with or without a slash after its address', () => {
    expect(isCloudImageUrl('https://cloud.test/images/acme/blog/1/cat.png', 'https://cloud.test')).toBe(true);
    expect(isCloudImageUrl('https://cloud.test/images/acme/blog/1/cat.png', 'https://cloud.test/')).toBe(true);
  });

  it('leaves other addresses alone', () => {
    expect(isCloudImageUrl('https://cloud.test/account', 'https://cloud.test')).toBe(false);
    expect(isCloudImageUrl('https://cloud.test.evil/images/a.png', 'https://cloud.test')).toBe(false);
    expect(isCloudImageUrl('https://elsewhere.test/images/a.png', 'https://cloud.test')).toBe(false);
  });
});

describe('withLookedUp', () => {
  const found = { src: 'https://cloud.test/images/a.png', alt: 'A cat', width: 800.4, height: 600 };

  it('fills the alt text and the size', () => {
    expect(withLookedUp({ src: found.src, alt: '', width: null, height: 10 }, found)).toEqual({ src: found.src, alt: 'A cat', width: 800, height: 600 });
  });

  it('keeps alt text already there', () => {
    expect(withLookedUp({ src: found.src, alt: 'Mine', width: null, height: null }, found).alt).toBe('Mine');
  });
});
