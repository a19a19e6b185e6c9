import { describe, expect, it } from 'vitest';
import { isValidUrl } from './isValidUrl';

describe('isValidUrl', () => {
  it.each(['https://example.com/a?b#c', '/docs/reader-api', '#screencast', 'page.html', 'mailto:a@b.test', 'tel:+123'])(
    'accepts %s',
    (url) => expect(isValidUrl(url)).toBe(true),
  );

  it.each(['', '   ', 'a b', 'javascript:alert(1)', 'JavaScript:x', 'data:text/html,x', 'http://'])('refuses %j', (url) =>
    expect(isValidUrl(url)).toBe(false),
  );
});
