// @vitest-environment happy-dom
import { act, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SlugField } from '../../api/config';
import { normalizeField } from '../../../test/normalized';
import { SlugFieldView } from './Field';
import type { SlugState } from './schema';

const field = normalizeField({ kind: 'slug', label: 'Title' }) as SlugField;
const noChoices = { entrySlugs: async () => [], filePaths: async () => [] };

function Harness({ isNew, taken, initial }: { isNew: boolean; taken: string[]; initial: SlugState }) {
  const [state, setState] = useState(initial);
  return (
    <SlugFieldView
      field={field}
      state={state}
      onChange={setState}
      onBlur={() => {}}
      error={null}
      context={{ isNew, slugRules: { glob: '*', slugs: new Set(taken) }, forced: false, choices: noChoices }}
    />
  );
}

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
});

function render(isNew: boolean, taken: string[] = [], initial: SlugState = { name: '', slug: '' }) {
  act(() => root.render(<Harness isNew={isNew} taken={taken} initial={initial} />));
}

const inputs = () => [...container.querySelectorAll('input')] as [HTMLInputElement, HTMLInputElement];

// React listens for input events and reads the value through the native setter it tracks.
function type(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  act(() => {
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

function regenerate() {
  const button = [...container.querySelectorAll('button')].find((candidate) => candidate.textContent === 'Regenerate')!;
  act(() => button.click());
}

describe('SlugFieldView', () => {
  it('on a new entry, makes the slug from the name, unique among taken slugs', () => {
    render(true, ['hello-world']);
    type(inputs()[0], 'Hello World');
    expect(inputs()[1].value).toBe('hello-world-1');
  });

  it('stops following once the slug is edited by hand, and Regenerate follows again', () => {
    render(true);
    type(inputs()[0], 'First');
    type(inputs()[1], 'custom');
    type(inputs()[0], 'Second name');
    expect(inputs()[1].value).toBe('custom');
    regenerate();
    expect(inputs()[1].value).toBe('second-name');
    type(inputs()[0], 'Third');
    expect(inputs()[1].value).toBe('third');
  });

  it('leaves an existing entry’s slug alone when its name changes', () => {
    render(false, [], { name: 'Old', slug: 'old' });
    type(inputs()[0], 'New name');
    expect(inputs()[1].value).toBe('old');
  });
});
