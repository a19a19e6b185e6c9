// @vitest-environment happy-dom
/** An image field in a content component's props, where a chosen file would not be written. */
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AssetField } from '../../api/config';
import { normalizeField } from '../../../test/normalized';
import type { FieldContext } from '../FieldProps';
import { AssetFieldView } from './Field';
import type { AssetState } from './schema';

const field = normalizeField({ kind: 'image', label: 'Cover' }) as AssetField;
const context: FieldContext = {
  isNew: false,
  slugRules: { glob: '*', slugs: new Set() },
  forced: false,
  choices: { entrySlugs: async () => [], filePaths: async () => [] },
};

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

function render(state: AssetState | null, filesNotWritten: boolean, onChange: (state: AssetState | null) => void = () => {}) {
  act(() =>
    root.render(
      <AssetFieldView field={field} state={state} onChange={onChange} onBlur={() => {}} error={null} context={{ ...context, filesNotWritten }} />,
    ),
  );
}

// The drop zone's own button has no text.
const buttons = () => [...container.querySelectorAll('button')].map((button) => button.textContent).filter(Boolean);

describe('an image field', () => {
  it('offers a file to choose in the entry form', () => {
    render(null, false);
    expect(buttons()).toEqual(['Choose image']);
  });

  it("keeps the address a component's prop holds, offering no file that a save would lose", () => {
    let changed: AssetState | null | undefined;
    render({ filename: '/images/cat.png', extension: 'png', bytes: null }, true, (next) => (changed = next));
    expect(container.textContent).toContain('/images/cat.png');
    expect(container.textContent).toContain("A component's props cannot take a new file yet");
    expect(buttons()).toEqual(['Remove']);
    act(() => container.querySelector('button')!.click());
    expect(changed).toBeNull();
    render(null, true);
    expect(buttons()).toEqual([]);
  });
});
