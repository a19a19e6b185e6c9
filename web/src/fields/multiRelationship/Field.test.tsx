// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MultiRelationshipField } from '../../api/config';
import { normalizeField } from '../../../test/normalized';
import { MultiRelationshipFieldView } from './Field';

const field = normalizeField({ kind: 'multiRelationship', label: 'Related posts', collection: 'posts' }) as MultiRelationshipField;
const choices = { entrySlugs: async () => ['alpha', 'beta'], filePaths: async () => [] };

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

/** The accessible name an element gets from its `aria-labelledby` (or its own `aria-label`). */
function accessibleName(element: Element): string {
  const ids = element.getAttribute('aria-labelledby');
  if (ids === null) return element.getAttribute('aria-label') ?? element.textContent ?? '';
  return ids
    .split(/\s+/)
    .map((id) => {
      const part = document.getElementById(id);
      return part === null ? '' : (part.getAttribute('aria-label') ?? part.textContent ?? '');
    })
    .join(' ')
    .trim();
}

describe('MultiRelationshipFieldView', () => {
  it("names each chip's remove button once after its entry", () => {
    act(() =>
      root.render(
        <MultiRelationshipFieldView
          field={field}
          state={['alpha', 'beta']}
          onChange={() => {}}
          onBlur={() => {}}
          error={null}
          context={{ isNew: false, slugRules: { glob: '*', slugs: new Set() }, forced: false, choices }}
        />,
      ),
    );
    const names = [...container.querySelectorAll('.tag-remove')].map(accessibleName);
    expect(names).toEqual(['Remove alpha', 'Remove beta']);
  });
});
