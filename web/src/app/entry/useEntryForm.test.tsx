// @vitest-environment happy-dom
/**
 * An entry form's values against the version loaded: a change is a difference in the files the
 * values write, undoing it is no change, a reset brings the loaded values back, and the files of a
 * state are built once for everything that reads them.
 */
import { act, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { normalizeSchema } from '../../../test/normalized';
import type * as FilesModule from '../../entry/files';
import { entrySlug, parseEntry } from '../../entry/formState';
import type { EntryState } from '../../entry/formState';
import { collectionLayout } from '../../entry/paths';
import { collectionPlace } from '../../entry/place';
import type { EntryShape } from '../../entry/shape';
import { standaloneSlugRules } from '../../fields/kind';
import type { EditorSnapshot } from '../data/loadEntry';
import { useEntryForm } from './useEntryForm';
import type { EntryFormState } from './useEntryForm';

// Counts how often an entry's files are built from its values.
const counts = vi.hoisted(() => ({ built: 0 }));
vi.mock('../../entry/files', async (importOriginal) => {
  const actual = await importOriginal<typeof FilesModule>();
  return {
    ...actual,
    filesFor: (...args: Parameters<typeof actual.filesFor>) => {
      counts.built += 1;
      return actual.filesFor(...args);
    },
  };
});

const shape: EntryShape = {
  schema: normalizeSchema({
    title: { kind: 'slug', label: 'Title' },
    summary: { kind: 'text', label: 'Summary', validation: { isRequired: true } },
  }),
  format: { data: 'yaml', contentField: null },
  slugField: 'title',
};
const layout = collectionLayout('posts/*');
const placeFor = (state: EntryState) => collectionPlace(layout, entrySlug(shape, state));
const path = 'posts/hello.yaml';

function loadedSnapshot(): EditorSnapshot {
  const parsed = parseEntry(shape, { data: 'title: Hello\nsummary: Before\n', content: {} }, path, 'hello');
  if (!parsed.ok) throw new Error('the post does not open');
  return { state: parsed.state, tree: new Map(), head: null, readAtOpen: new Set([path]) };
}

let container: HTMLDivElement;
let root: Root;
let initial: EditorSnapshot;
let form: EntryFormState;

function Form() {
  const state = useEntryForm({ shape, placeFor, initial, slugRules: standaloneSlugRules, formId: 'form' });
  useLayoutEffect(() => {
    form = state;
  });
  return null;
}

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  initial = loadedSnapshot();
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() => root.render(<Form />));
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

describe('useEntryForm', () => {
  it('counts as changed while the values write other files than the loaded ones, and not once the edit is undone', () => {
    expect(form.isDirty).toBe(false);
    expect(form.current().isDirty).toBe(false);
    act(() => form.setField('summary', 'After'));
    expect(form.isDirty).toBe(true);
    expect(form.current().isDirty).toBe(true);
    act(() => form.setField('summary', 'Before'));
    expect(form.state).not.toBe(initial.state);
    expect(form.isDirty).toBe(false);
    expect(form.current().isDirty).toBe(false);
  });

  it('builds the files of a state once: the current values reuse those the form rendered', () => {
    const before = counts.built;
    act(() => form.setField('summary', 'After'));
    expect(counts.built).toBe(before + 1);
    const built = counts.built;
    const now = form.current();
    expect(now.state).toBe(form.state);
    expect(now.files).toBe(form.files);
    // A render for something else (a blur) builds nothing either.
    act(() => form.touch('summary'));
    expect(counts.built).toBe(built);
  });

  it('compares with the version it is given as loaded, without building its files again', () => {
    act(() => form.setField('summary', 'After'));
    const built = counts.built;
    act(() => form.setLoaded({ ...initial, state: form.state }));
    expect(form.isDirty).toBe(false);
    expect(counts.built).toBe(built);
    // Reset now goes back to the values just made the loaded ones.
    act(() => form.setField('summary', 'Later'));
    act(() => form.reset());
    expect(form.state.summary).toBe('After');
  });

  it('refuses invalid values with every message shown, and a reset brings the loaded values back', async () => {
    act(() => form.setField('summary', ''));
    expect(form.visibleError('summary')).toBeNull();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await act(async () => expect(await form.valid()).toBeNull());
    // The spec's console warning on a failed validation, naming the field.
    expect(warn).toHaveBeenCalledWith('The entry was not saved: fields are invalid', { summary: expect.any(String) });
    warn.mockRestore();
    expect(form.forced).toBe(true);
    expect(form.visibleError('summary')).not.toBeNull();
    const formKey = form.formKey;
    act(() => form.reset());
    expect(form.state).toBe(initial.state);
    expect(form.isDirty).toBe(false);
    expect(form.forced).toBe(false);
    expect(form.visibleError('summary')).toBeNull();
    // Widgets with drafts of their own start over.
    expect(form.formKey).toBe(formKey + 1);
  });

  it('answers valid values with the files they write', async () => {
    act(() => form.setField('summary', 'After'));
    let now: Awaited<ReturnType<EntryFormState['valid']>> = null;
    await act(async () => {
      now = await form.valid();
    });
    expect(now).toEqual({ state: form.state, files: form.files, isDirty: true });
    expect(form.forced).toBe(false);
  });
});
