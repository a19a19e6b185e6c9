import { describe, expect, it } from 'vitest';
import { valueAt } from './FieldProps';

describe('the value at a field path', () => {
  const values = {
    body: { text: 'Hello' },
    seo: { summary: { text: 'Short' } },
    link: { discriminant: 'page', value: { text: 'On a page' } },
  };

  it('follows object keys and the value a conditional shows', () => {
    expect(valueAt(values, ['body'])).toEqual({ text: 'Hello' });
    expect(valueAt(values, ['seo', 'summary'])).toEqual({ text: 'Short' });
    expect(valueAt(values, ['link', 'page'])).toEqual({ text: 'On a page' });
  });

  it('is undefined where there is none, as for another choice of a conditional', () => {
    expect(valueAt(values, ['link', 'url'])).toBeUndefined();
    expect(valueAt(values, ['nowhere', 'deeper'])).toBeUndefined();
  });
});
