/**
 * The state of an entry form: values, which errors to show, whether anything changed (by comparing the
 * files the values write), and saving or deleting through a commit that names what was read.
 */
import { useMemo, useState } from 'react';
import { commit } from '../../api/client';
import { validateEntry } from '../../fields/entry';
import type { EntryShape, EntryState } from '../../fields/entry';
import type { EntryPlace } from '../../fields/entryLocation';
import type { SlugRules } from '../../fields/kind';
import { buildChangeSet, deletionChangeSet, isEmptyChangeSet } from '../data/changeSet';
import { filesFor, sameFiles, treeShas } from '../data/entryFiles';
import type { EditorSnapshot } from '../data/loadEntry';

export type EditorAction = 'save' | 'delete';

type EditorOptions = {
  shape: EntryShape;
  /** Where the entry's files go for given values (a collection entry moves with its slug). */
  placeFor(state: EntryState): EntryPlace;
  initial: EditorSnapshot;
  slugRules: SlugRules;
  /** The form element, whose first invalid control gets the focus when a save is refused. */
  formId: string;
};

export function useEntryEditor({ shape, placeFor, initial, slugRules, formId }: EditorOptions) {
  const [snapshot, setSnapshot] = useState(initial);
  const [state, setState] = useState(initial.state);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [forced, setForced] = useState(false);
  // Bumped on reset so that widgets holding drafts of their own (number inputs) start over.
  const [formKey, setFormKey] = useState(0);
  const [pending, setPending] = useState<EditorAction | null>(null);
  const [failure, setFailure] = useState<{ action: EditorAction; error: unknown } | null>(null);

  const files = useMemo(() => filesFor(shape, placeFor(state), state), [shape, placeFor, state]);
  const savedFiles = useMemo(() => filesFor(shape, placeFor(snapshot.state), snapshot.state), [shape, placeFor, snapshot]);
  const errors = useMemo(() => validateEntry(shape, state, { slugRules }), [shape, state, slugRules]);

  const setField = (key: string, value: unknown) => setState((current) => ({ ...current, [key]: value }));

  const touch = (key: string) => setTouched((current) => (current.has(key) ? current : new Set(current).add(key)));

  const visibleError = (key: string): string | null => (forced || touched.has(key) ? (errors[key] ?? null) : null);

  const reset = () => {
    setState(snapshot.state);
    setTouched(new Set());
    setForced(false);
    setFailure(null);
    setFormKey((value) => value + 1);
  };

  /** Saves valid values; answers the saved state, or null when nothing was saved. */
  const save = async (): Promise<EntryState | null> => {
    if (pending !== null) return null;
    if (Object.keys(errors).length > 0) {
      setForced(true);
      requestAnimationFrame(() => focusFirstInvalid(formId));
      return null;
    }
    setPending('save');
    setFailure(null);
    try {
      const changes = await buildChangeSet({ files, readAtOpen: snapshot.readAtOpen, tree: snapshot.tree });
      const tree = isEmptyChangeSet(changes) ? snapshot.tree : treeShas(await commit(changes));
      setSnapshot({ state, tree, readAtOpen: new Set(files.keys()) });
      return state;
    } catch (error) {
      setFailure({ action: 'save', error });
      return null;
    } finally {
      setPending(null);
    }
  };

  /** Deletes every file read at open; answers whether it worked. */
  const remove = async (): Promise<boolean> => {
    setPending('delete');
    setFailure(null);
    try {
      await commit(deletionChangeSet(snapshot.readAtOpen, snapshot.tree));
      return true;
    } catch (error) {
      setFailure({ action: 'delete', error });
      return false;
    } finally {
      setPending(null);
    }
  };

  return {
    state,
    /** Whether the entry has files on the server (false until a new entry or singleton is created). */
    exists: snapshot.readAtOpen.size > 0,
    isDirty: !sameFiles(files, savedFiles),
    /** True once a save was refused for invalid values: every message shows until a reset. */
    forced,
    formKey,
    pending,
    failure,
    setField,
    touch,
    visibleError,
    reset,
    save,
    remove,
  };
}

export type EntryEditor = ReturnType<typeof useEntryEditor>;

function focusFirstInvalid(formId: string): void {
  document.getElementById(formId)?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}
