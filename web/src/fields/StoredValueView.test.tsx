// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { normalizeField } from '../../test/normalized';
import type { Field } from '../api/config';
import { FieldView } from './FieldView';
import { KindsContext } from './KindsContext';
import { kindOf } from './registry';
import { StoredValue } from './stored';

const choices = { entrySlugs: async () => [], filePaths: async () => [] };
const context = { isNew: false, slugRules: { glob: '*' as const, slugs: new Set<string>() }, forced: true, choices };

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  document.body.innerHTML = '';
});

function show(field: Field, stored: StoredValue, onChange: (state: unknown) => void = () => {}) {
  act(() =>
    root.render(
      <KindsContext value={kindOf}>
        <FieldView field={field} state={stored} onChange={onChange} onBlur={() => {}} error={stored.message} context={context} />
      </KindsContext>,
    ),
  );
}

const errors = () => [...container.querySelectorAll('.field-error')].map((element) => element.textContent);

describe('a field holding a value kept as stored', () => {
  it('shows its control empty, its message once, and the text the file holds', () => {
    const field = normalizeField({ kind: 'date', label: 'Published date' });
    show(field, new StoredValue('2024-13-45', '2024-13-45', 'Published date is not a valid date'));
    const segments = [...container.querySelectorAll('[role="spinbutton"]')];
    expect(segments.map((segment) => segment.getAttribute('aria-valuetext'))).toEqual(['Empty', 'Empty', 'Empty']);
    expect(segments[0]?.getAttribute('aria-invalid')).toBe('true');
    expect(errors()).toEqual(['Published date is not a valid date']);
    expect(container.querySelector('.field-stored-text')?.textContent).toBe('The file holds: 2024-13-45');
  });

  it('shows the message of a control that has no place for one', () => {
    const field = normalizeField({ kind: 'checkbox', label: 'Draft' });
    show(field, new StoredValue('no', 'no', 'Must be a boolean'));
    expect((container.querySelector('input[type="checkbox"]') as HTMLInputElement | null)?.checked).toBe(false);
    expect(errors()).toEqual(['Must be a boolean']);
    expect(container.querySelector('.field-stored-text')?.textContent).toBe('The file holds: no');
  });

  it('is replaced by what the editor sets', () => {
    const field = normalizeField({ kind: 'checkbox', label: 'Draft' });
    const changes: unknown[] = [];
    show(field, new StoredValue('no', 'no', 'Must be a boolean'), (state) => changes.push(state));
    act(() => container.querySelector<HTMLInputElement>('input[type="checkbox"]')?.click());
    expect(changes).toEqual([true]);
  });
});
