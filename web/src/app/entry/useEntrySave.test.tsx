// @vitest-environment happy-dom
/**
 * Saving an entry form: one action at a time (a second save, or a save on a new branch, while one is
 * under way does nothing), a saved form is the loaded version, a refused save keeps the values, and
 * the save commits the files the form already built.
 */
import { act, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { normalizeSchema } from '../../../test/normalized';
import type * as ApiClient from '../../api/client';
import { ApiError } from '../../api/error';
import type { CommitRequest, CommitResponse, CreatedBranch } from '../../api/wire';
import type * as FilesModule from '../../entry/files';
import { entrySlug, parseEntry } from '../../entry/formState';
import type { EntryState } from '../../entry/formState';
import { collectionLayout } from '../../entry/paths';
import { collectionPlace } from '../../entry/place';
import type { EntryShape } from '../../entry/shape';
import { standaloneSlugRules } from '../../fields/kind';
import type * as ConfigProvider from '../data/ConfigProvider';
import type { EditorSnapshot } from '../data/loadEntry';
import { useEntryForm } from './useEntryForm';
import type { EntryFormState } from './useEntryForm';
import { useEntrySave } from './useEntrySave';
import type { EntrySave } from './useEntrySave';

const mocks = vi.hoisted(() => ({
  api: {
    commit: vi.fn<(request: CommitRequest) => Promise<CommitResponse>>(),
    createBranch: vi.fn<(name: string, from: string | null) => Promise<CreatedBranch>>(),
  },
  access: 'write' as 'write' | 'fork',
  reopen: vi.fn<() => Promise<EditorSnapshot>>(),
  // How often an entry's files are built from its values.
  built: 0,
}));
vi.mock('../../api/client', async (importOriginal) => ({ ...(await importOriginal<typeof ApiClient>()), ...mocks.api }));
vi.mock('../../entry/files', async (importOriginal) => {
  const actual = await importOriginal<typeof FilesModule>();
  return {
    ...actual,
    filesFor: (...args: Parameters<typeof actual.filesFor>) => {
      mocks.built += 1;
      return actual.filesFor(...args);
    },
  };
});
vi.mock('../data/SummaryProvider', () => ({ useSummary: () => ({ summary: null, refresh: () => undefined }) }));
vi.mock('../data/ConfigProvider', async (importOriginal) => ({
  ...(await importOriginal<typeof ConfigProvider>()),
  useWriteAccess: () => mocks.access,
}));
vi.mock('../../ui/Toast', () => ({ useToast: () => () => undefined }));

const shape: EntryShape = {
  schema: normalizeSchema({
    title: { kind: 'slug', label: 'Title' },
    summary: { kind: 'text', label: 'Summary', validation: { isRequired: true } },
    tagline: { kind: 'text', label: 'Tagline' },
  }),
  format: { data: 'yaml', contentField: null },
  slugField: 'title',
};
const layout = collectionLayout('posts/*');
const placeFor = (state: EntryState) => collectionPlace(layout, entrySlug(shape, state));
const path = 'posts/hello.yaml';
const landed: CommitResponse = { changed: [], head: 'head-2', warnings: [] };

function snapshotOf(data: string, head: string): EditorSnapshot {
  const parsed = parseEntry(shape, { data, content: {} }, path, 'hello');
  if (!parsed.ok) throw new Error('the post does not open');
  return { state: parsed.state, tree: new Map(), head, readAtOpen: new Set([path]) };
}
const loadedSnapshot = () => snapshotOf('title: Hello\nsummary: Before\ntagline: Old\n', 'head-1');

/** A promise settled by the test, for a commit that is still under way. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

let container: HTMLDivElement;
let root: Root;
let initial: EditorSnapshot;
let branch: string | null;
let form: EntryFormState;
let saving: EntrySave;

function Form() {
  const values = useEntryForm({ shape, placeFor, initial, slugRules: standaloneSlugRules, formId: 'form' });
  const save = useEntrySave({ form: values, shape, placeFor, branch, reopen: mocks.reopen });
  useLayoutEffect(() => {
    form = values;
    saving = save;
  });
  return null;
}

function open(on: string | null) {
  branch = on;
  act(() => root.render(<Form />));
}

/** Starts a save whose commit stays under way until `commit.resolve`; answers the save, still under way. */
async function startSave(commit: ReturnType<typeof deferred<CommitResponse>>): Promise<{ saved: Promise<EntryState | null> }> {
  mocks.api.commit.mockReturnValueOnce(commit.promise);
  let started!: Promise<EntryState | null>;
  await act(async () => {
    started = saving.save();
    await vi.waitFor(() => expect(mocks.api.commit).toHaveBeenCalledTimes(1));
  });
  return { saved: started };
}

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  mocks.api.commit.mockReset();
  mocks.api.createBranch.mockReset();
  mocks.reopen.mockReset();
  mocks.access = 'write';
  initial = loadedSnapshot();
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  open(null);
  act(() => form.setField('summary', 'After'));
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

describe('useEntrySave', () => {
  it('commits the values, which then are the loaded version', async () => {
    mocks.api.commit.mockResolvedValueOnce(landed);
    const values = form.state;
    let saved: EntryState | null = null;
    await act(async () => {
      saved = await saving.save();
    });
    expect(saved).toBe(values);
    const [request] = mocks.api.commit.mock.calls[0]!;
    expect(request.additions.map(({ path, contents }) => [path, atob(contents)])).toEqual([[path, 'title: Hello\nsummary: After\ntagline: Old\n']]);
    expect(form.loaded).toMatchObject({ state: values, head: 'head-2' });
    expect(form.isDirty).toBe(false);
    expect(saving.pending).toBeNull();
  });

  it('commits the files the form built for its values, and builds none again once they are saved', async () => {
    mocks.api.commit.mockResolvedValueOnce(landed);
    const built = mocks.built;
    await act(() => saving.save());
    expect(form.loaded.state).toBe(form.state);
    expect(mocks.built).toBe(built);
  });

  it('does nothing on a save while another is under way', async () => {
    const commit = deferred<CommitResponse>();
    mocks.api.commit.mockReturnValueOnce(commit.promise);
    let first!: Promise<EntryState | null>;
    let second!: Promise<EntryState | null>;
    // A second click before the first one's pending state rendered.
    await act(async () => {
      first = saving.save();
      second = saving.save();
      await vi.waitFor(() => expect(mocks.api.commit).toHaveBeenCalled());
    });
    expect(await second).toBeNull();
    expect(saving.pending).toBe('save');
    // And one after.
    await act(async () => expect(await saving.save()).toBeNull());
    await act(async () => {
      commit.resolve(landed);
      await first;
    });
    expect(await first).toBe(form.state);
    expect(mocks.api.commit).toHaveBeenCalledTimes(1);
    expect(saving.pending).toBeNull();
  });

  it('does nothing on a save on a new branch while a save is under way', async () => {
    open('main');
    const commit = deferred<CommitResponse>();
    const { saved } = await startSave(commit);
    await act(async () => expect(await saving.saveOnNewBranch('quire/fix')).toBeNull());
    expect(mocks.api.createBranch).not.toHaveBeenCalled();
    await act(async () => {
      commit.resolve(landed);
      await saved;
    });
    expect(mocks.api.commit).toHaveBeenCalledTimes(1);
  });

  it('shows a save on a new branch as pending, and does nothing on a save meanwhile', async () => {
    open('main');
    const created = deferred<CreatedBranch>();
    mocks.api.createBranch.mockReturnValueOnce(created.promise);
    mocks.api.commit.mockResolvedValueOnce(landed);
    let onNewBranch!: Promise<EntryState | null>;
    act(() => {
      onNewBranch = saving.saveOnNewBranch('quire/fix');
    });
    expect(saving.pending).toBe('save');
    await act(async () => expect(await saving.save()).toBeNull());
    expect(mocks.api.commit).not.toHaveBeenCalled();
    await act(async () => {
      created.resolve({ name: 'quire/fix', head: 'head-1' });
      await onNewBranch;
    });
    expect(await onNewBranch).toBe(form.state);
    expect(mocks.api.createBranch).toHaveBeenCalledWith('quire/fix', 'head-1');
    expect(mocks.api.commit).toHaveBeenCalledTimes(1);
    expect(mocks.api.commit).toHaveBeenCalledWith(expect.objectContaining({ branch: 'quire/fix', expectedHead: 'head-1' }));
    expect(saving.pending).toBeNull();
  });

  it('keeps the values when the save is refused, and says why', async () => {
    const conflict = new ApiError(409, 'conflict', 'moved');
    mocks.api.commit.mockRejectedValueOnce(conflict);
    const values = form.state;
    await act(async () => expect(await saving.save()).toBeNull());
    expect(form.state).toBe(values);
    expect(form.loaded).toBe(initial);
    expect(form.isDirty).toBe(true);
    expect(saving.failure).toEqual({ action: 'save', error: conflict });
    expect(saving.pending).toBeNull();
  });

  it('asks for a new branch when the branch takes no commits, keeping the values', async () => {
    open('main');
    mocks.api.commit.mockRejectedValueOnce(new ApiError(409, 'protected_branch', 'via pull request'));
    const values = form.state;
    await act(async () => expect(await saving.save()).toBeNull());
    expect(saving.needsNewBranch).toBe('Changes must be made via pull request to this branch. Create a new branch to save changes.');
    expect(form.state).toBe(values);
    expect(form.isDirty).toBe(true);
  });

  it('carries the edits of a refused save over to the entry as read again, which the next save expects', async () => {
    mocks.api.commit.mockRejectedValueOnce(new ApiError(409, 'conflict', 'moved'));
    await act(() => saving.save());
    const now = snapshotOf('title: Hello\nsummary: Before\ntagline: Theirs\n', 'head-3');
    mocks.reopen.mockResolvedValueOnce(now);
    await act(() => saving.reload!());
    expect(form.state).toMatchObject({ summary: 'After', tagline: 'Theirs' });
    expect(form.loaded).toBe(now);
    expect(form.isDirty).toBe(true);
    expect(saving.failure).toBeNull();
    mocks.api.commit.mockResolvedValueOnce(landed);
    await act(() => saving.save());
    const [request] = mocks.api.commit.mock.calls[1]!;
    expect(atob(request.additions[0]!.contents)).toBe('title: Hello\nsummary: After\ntagline: Theirs\n');
  });

  it('commits nothing for invalid values or someone who must fork first', async () => {
    act(() => form.setField('summary', ''));
    await act(async () => expect(await saving.save()).toBeNull());
    expect(form.forced).toBe(true);
    act(() => form.setField('summary', 'After'));
    mocks.access = 'fork';
    open(null);
    await act(async () => expect(await saving.save()).toBeNull());
    expect(saving.needsFork).toBe('save');
    expect(mocks.api.commit).not.toHaveBeenCalled();
    expect(saving.pending).toBeNull();
  });
});
