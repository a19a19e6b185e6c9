// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { normalizeField } from '../../test/normalized';
import type { Field } from '../api/config';
import { FieldView } from './FieldView';
import { KindsContext } from './KindsContext';
import { kindOf } from './registry';

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  vi.useFakeTimers();
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  document.body.innerHTML = '';
  vi.useRealTimers();
});

/** Shows `field` holding `state`, with pickers that never answer; answers what was asked for. */
function show(field: Field, state: unknown) {
  const asked: string[] = [];
  const choices = {
    entrySlugs: (collection: string) => (asked.push(collection), new Promise<string[]>(() => {})),
    filePaths: () => (asked.push('files'), new Promise<string[]>(() => {})),
  };
  const context = { isNew: false, slugRules: { glob: '*' as const, slugs: new Set<string>() }, forced: false, choices };
  act(() =>
    root.render(
      <KindsContext value={kindOf}>
        <FieldView field={field} state={state} onChange={() => {}} onBlur={() => {}} error={null} context={context} />
      </KindsContext>,
    ),
  );
  act(() => vi.advanceTimersByTime(2000));
  return asked;
}

const spinners = () => container.querySelectorAll('[role="progressbar"], .spinner').length;

describe('a picker at rest', () => {
  const pickers: [string, Field, unknown][] = [
    ['relationship', normalizeField({ kind: 'relationship', label: 'Author', collection: 'authors' }), null],
    ['multiRelationship', normalizeField({ kind: 'multiRelationship', label: 'Related', collection: 'posts' }), []],
    ['pathReference', normalizeField({ kind: 'pathReference', label: 'Hero image', pattern: 'public/**/*.png' }), null],
  ];
  for (const [kind, field, state] of pickers) {
    it(`${kind}: shows no spinner and asks for nothing until it is opened`, () => {
      const asked = show(field, state);
      expect(spinners()).toBe(0);
      expect(container.textContent).not.toContain('Loading');
      expect(asked).toEqual([]);
      act(() => container.querySelector('input')!.focus());
      act(() => vi.advanceTimersByTime(2000));
      expect(asked.length).toBe(1);
      expect(spinners()).toBe(1);
    });
  }
});
