// @vitest-environment happy-dom
import { act, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ArrayField } from '../../api/config';
import { normalizeField } from '../../../test/normalized';
import { KindsContext } from '../KindsContext';
import { kindOf } from '../registry';
import { ArrayFieldView } from './Field';
import { newItem } from './items';
import type { Item } from './items';

const field = normalizeField({
  kind: 'array',
  label: 'Links',
  itemLabel: '{label}',
  validation: { length: { min: 1 } },
  element: { kind: 'object', label: 'Link', fields: { label: { kind: 'text', label: 'Label', validation: { isRequired: true } } } },
}) as ArrayField;
const noChoices = { entrySlugs: async () => [], filePaths: async () => [] };

let container: HTMLDivElement;
let root: Root;
/** The harness's state after the last render. */
const latest: { current: Item[] } = { current: [] };

function Harness({ initial, forced }: { initial: Item[]; forced: boolean }) {
  const [state, setState] = useState(initial);
  useEffect(() => {
    latest.current = state;
  });
  return (
    <KindsContext value={kindOf}>
      <ArrayFieldView
        field={field}
        state={state}
        onChange={setState}
        onBlur={() => {}}
        error={null}
        context={{ isNew: false, slugRules: { glob: '*', slugs: new Set() }, forced, choices: noChoices }}
      />
    </KindsContext>
  );
}

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

const render = (initial: Item[], forced = false) => act(() => root.render(<Harness initial={initial} forced={forced} />));
const buttons = (name: string) => [...document.querySelectorAll('button')].filter((button) => (button.getAttribute('aria-label') ?? button.textContent) === name);
const press = (button: HTMLElement | undefined) => act(() => button!.click());
const labels = () => latest.current.map((item) => (item.value as { label: string }).label);

function type(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  act(() => {
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('ArrayFieldView', () => {
  it('shows the empty panel, and the length message once validation is forced', () => {
    render([]);
    expect(container.textContent).toContain('Empty list');
    expect(container.textContent).not.toContain('Must have at least 1 item(s).');
    render([], true);
    // Shown below the list, away from its label, the message names its field.
    expect(container.querySelector('.field-error')?.textContent).toBe('Links: Must have at least 1 item(s).');
  });

  it('adds an item through the dialog only once it is valid', () => {
    render([]);
    press(buttons('Add')[0]);
    const dialog = () => document.querySelector('[role="dialog"]');
    expect(dialog()?.textContent).toContain('Add item');
    press(buttons('Add').at(-1));
    expect(dialog()?.textContent).toContain('Label must not be empty');
    type(dialog()!.querySelector('input')!, 'Home');
    press(buttons('Add').at(-1));
    expect(dialog()).toBeNull();
    expect(labels()).toEqual(['Home']);
    expect(container.textContent).toContain('Home');
  });

  it('moves and removes items', () => {
    render([newItem({ label: 'A' }), newItem({ label: 'B' }), newItem({ label: 'C' })]);
    press(buttons('Move down')[0]);
    expect(labels()).toEqual(['B', 'A', 'C']);
    press(buttons('Move up')[2]);
    expect(labels()).toEqual(['B', 'C', 'A']);
    press(buttons('Remove')[0]);
    expect(labels()).toEqual(['C', 'A']);
  });
});
