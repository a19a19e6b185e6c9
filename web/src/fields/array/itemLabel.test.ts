import { describe, expect, it } from 'vitest';
import { normalizeField } from '../../../test/normalized';
import { kindOf } from '../registry';
import { newItem } from './items';
import { itemLabel } from './itemLabel';

const person = normalizeField({
  kind: 'object',
  label: 'Person',
  fields: {
    name: { kind: 'slug', label: 'Name' },
    role: { kind: 'text', label: 'Role' },
    link: {
      kind: 'conditional',
      label: 'Link',
      discriminant: { kind: 'select', label: 'Link', options: [{ label: 'Site', value: 'site' }, { label: 'None', value: 'none' }] },
      values: { site: { kind: 'url', label: 'URL' }, none: { kind: 'empty' } },
    },
    tags: { kind: 'array', label: 'Tags', element: { kind: 'text', label: 'Tag' } },
  },
});
const ada = {
  name: { name: 'Ada', slug: 'ada' },
  role: 'Editor',
  link: { discriminant: 'site', value: 'https://ada.test' },
  tags: [newItem('one'), newItem('two')],
};

describe('itemLabel', () => {
  it('fills each {path} with the value there', () => {
    expect(itemLabel('{name} ({role})', person, ada, 0, kindOf)).toBe('Ada (Editor)');
    expect(itemLabel('{link.discriminant}: {link.value}', person, ada, 0, kindOf)).toBe('site: https://ada.test');
    expect(itemLabel('{tags.1}', person, ada, 0, kindOf)).toBe('two');
  });

  it('names the item itself with {}', () => {
    expect(itemLabel('{}', normalizeField({ kind: 'text', label: 'File' }), 'Plain files', 0, kindOf)).toBe('Plain files');
  });

  it('falls back to Item N without a template or when blank', () => {
    expect(itemLabel(null, person, ada, 2, kindOf)).toBe('Item 3');
    expect(itemLabel('{role}', person, { ...ada, role: '' }, 0, kindOf)).toBe('Item 1');
    expect(itemLabel('{missing}', person, ada, 0, kindOf)).toBe('Item 1');
  });
});
