// @vitest-environment happy-dom
/** An image field: a chosen file, and its name in a content component's props. */
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

function render(state: AssetState | null, extra: Partial<FieldContext> = {}, onChange: (state: AssetState | null) => void = () => {}, shown = field) {
  act(() =>
    root.render(<AssetFieldView field={shown} state={state} onChange={onChange} onBlur={() => {}} error={null} context={{ ...context, ...extra }} />),
  );
}

// The drop zone's own button has no text.
const buttons = () => [...container.querySelectorAll('button')].map((button) => button.textContent).filter(Boolean);

/** Picks `file` through the field's file input, and waits for it to be read. */
async function pick(file: File) {
  const input = container.querySelector<HTMLInputElement>('input[type=file]')!;
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  await act(async () => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

const dog = () => new File([new Uint8Array([137, 80, 78, 71])], 'dog.png', { type: 'image/png' });

describe('an image field', () => {
  it('offers a file to choose, and keeps its bytes and extension', async () => {
    let changed: AssetState | null | undefined;
    render(null, {}, (next) => (changed = next));
    expect(buttons()).toEqual(['Choose image']);
    await pick(dog());
    expect(changed).toEqual({ filename: 'dog.png', extension: 'png', bytes: new Uint8Array([137, 80, 78, 71]) });
  });

  it("in a component's props, names the file as chosen unless its folder has that name", async () => {
    const asked: { directory: string | null; filename: string }[] = [];
    let changed: AssetState | null | undefined;
    const freeFileName = (file: { directory: string | null; filename: string }) => {
      asked.push(file);
      return 'dog-1.png';
    };
    render(null, { freeFileName }, (next) => (changed = next));
    await pick(dog());
    expect(changed).toMatchObject({ filename: 'dog-1.png', extension: 'png' });
    // A field with its own directory asks about that folder.
    const inDirectory: AssetField = { ...field, directory: 'public/images/', publicPath: '/images/' };
    render(null, { freeFileName }, (next) => (changed = next), inDirectory);
    await pick(dog());
    expect(asked).toEqual([
      { directory: null, filename: 'dog.png' },
      { directory: 'public/images', filename: 'dog.png' },
    ]);
  });
});
