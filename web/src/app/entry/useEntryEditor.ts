/**
 * The state of an entry form: values, which errors to show, whether anything changed (by comparing the
 * files the values write), and saving or deleting through a commit that names what was read. A save
 * the branch cannot take waits for a new branch to save on.
 */
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { createBranch } from '../../api/client';
import { flushContentEdits, hasContentEdits, subscribeContentEdits } from '../../fields/content/pendingEdits';
import { buildChangeSet, deletionChangeSet, isEmptyChangeSet } from '../../entry/changeSet';
import { filesFor, sameFiles } from '../../entry/files';
import { validateEntry } from '../../entry/formState';
import type { EntryState } from '../../entry/formState';
import { entryPaths } from '../../entry/place';
import type { EntryPlace } from '../../entry/place';
import type { EntryShape } from '../../entry/shape';
import type { SlugRules } from '../../fields/kind';
import { firstStoredValue } from '../../fields/stored';
import { loadPatternEngine, schemaHasPatterns } from '../../fields/text/patterns';
import type { CommitResponse } from '../../api/wire';
import { useToast } from '../../ui/Toast';
import { withChanges } from '../data/entryFiles';
import type { EditorSnapshot } from '../data/loadEntry';
import { useWriteAccess } from '../data/ConfigProvider';
import { useSummary } from '../data/SummaryProvider';
import { changedFields, rebaseEdits } from '../../entry/rebase';
import { t } from '../../lib/messages/format';
import { commitEntry, commitMessage, commitOnBranch, NeedsNewBranch } from './commitEntry';

export type EditorAction = 'save' | 'delete' | 'reload';

const WARNING_MS = 12000;

type EditorOptions = {
  shape: EntryShape;
  /** Where the entry's files go for given values (a collection entry moves with its slug). */
  placeFor(state: EntryState): EntryPlace;
  initial: EditorSnapshot;
  /** The values to start from when they are not the loaded ones (a restored draft, a duplicate). */
  initialState?: EntryState;
  /** The branch to commit to; null for storage without branches. */
  branch: string | null;
  slugRules: SlugRules;
  /** The form element, whose first invalid control gets the focus when a save is refused. */
  formId: string;
  /** Reads the entry's files again, as they are now (for 'Reload' after a refused save). */
  reopen?: () => Promise<EditorSnapshot>;
};

export function useEntryEditor({ shape, placeFor, initial, initialState, branch, slugRules, formId, reopen }: EditorOptions) {
  const [snapshot, setSnapshot] = useState(initial);
  const [state, setState] = useState(initialState ?? initial.state);
  // The values with every change made, also those not rendered yet: content fields write their text
  // after a pause in typing, and what keeps the values (a save, a copy) has them write it first.
  const latest = useRef(state);
  const update = (next: EntryState) => {
    latest.current = next;
    setState(next);
  };
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [forced, setForced] = useState(false);
  // Bumped when values are replaced (reset, paste) so that widgets holding drafts of their own start over.
  const [formKey, setFormKey] = useState(0);
  const [pending, setPending] = useState<EditorAction | null>(null);
  const [failure, setFailure] = useState<{ action: EditorAction; error: unknown } | null>(null);
  // Why the last save could not land on this branch; the screen then asks for a new one.
  const [needsNewBranch, setNeedsNewBranch] = useState<string | null>(null);
  // Someone who may only read must fork the repository before this action can be done.
  const [needsFork, setNeedsFork] = useState<EditorAction | null>(null);
  const access = useWriteAccess();
  const summary = useSummary();
  const showToast = useToast();
  /** A commit that landed may still have gone wrong after (a failed push): say so, and for long enough to read. */
  const warn = (response: CommitResponse | null) => {
    for (const warning of response?.warnings ?? []) showToast(warning.message, { tone: 'caution', timeoutMs: WARNING_MS });
  };

  const files = useMemo(() => filesFor(shape, placeFor(state), state), [shape, placeFor, state]);
  const savedFiles = useMemo(() => filesFor(shape, placeFor(snapshot.state), snapshot.state), [shape, placeFor, snapshot]);
  // Text patterns are checked once their engine has loaded (a moment after the form opens).
  const [patternsLoaded, setPatternsLoaded] = useState(false);
  useEffect(() => {
    if (!schemaHasPatterns(shape.schema)) return;
    let live = true;
    void loadPatternEngine().then(() => {
      if (live) setPatternsLoaded(true);
    });
    return () => {
      live = false;
    };
  }, [shape]);
  // Validation also reads the pattern engine, which is no React value: its loading is the dependency.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const errors = useMemo(() => validateEntry(shape, state, { slugRules }), [shape, state, slugRules, patternsLoaded]);
  // Typing in a content field changes the form before its text is written.
  const editing = useSyncExternalStore(subscribeContentEdits, hasContentEdits);

  const setField = (key: string, value: unknown) => update({ ...latest.current, [key]: value });

  /** The values with every edit in them, their files, and whether they differ from the saved ones. */
  const current = () => {
    flushContentEdits();
    const values = latest.current;
    const files = filesFor(shape, placeFor(values), values);
    return { state: values, files, isDirty: !sameFiles(files, savedFiles) };
  };

  const touch = (key: string) => setTouched((current) => (current.has(key) ? current : new Set(current).add(key)));

  // A field holding a value kept as the file has it (one it cannot hold) shows its message from the
  // start, as after a save attempt: the editor has to set it before the entry can be saved.
  const keptFields = useMemo(
    () => new Set(Object.keys(shape.schema).filter((key) => firstStoredValue(state[key]) !== null)),
    [shape, state],
  );
  const isForced = (key: string): boolean => forced || keptFields.has(key);

  const visibleError = (key: string): string | null => (isForced(key) || touched.has(key) ? (errors[key] ?? null) : null);

  /** Puts new values in the form (a pasted entry, or what it replaced). */
  const replaceState = (next: EntryState) => {
    // Edits not written yet belong to the values replaced.
    flushContentEdits();
    update(next);
    setFormKey((value) => value + 1);
  };

  const reset = () => {
    replaceState(snapshot.state);
    setTouched(new Set());
    setForced(false);
    setFailure(null);
  };

  const exists = snapshot.readAtOpen.size > 0;
  const saveMessage = (state: EntryState) => commitMessage(exists ? 'Update' : 'Create', placeFor(state).dir);

  /** What the form holds (`state`, writing `files`) is now what the branch holds. */
  const saved = (state: EntryState, files: ReadonlyMap<string, unknown>, response: CommitResponse | null) => {
    const tree = response === null ? snapshot.tree : withChanges(snapshot.tree, response.changed);
    setSnapshot({ state, tree, head: response === null ? snapshot.head : response.head, readAtOpen: new Set(files.keys()) });
    if (response !== null) summary.refresh();
    warn(response);
  };

  /** Saves valid values; answers the saved state, or null when nothing was saved. */
  const save = async (): Promise<EntryState | null> => {
    if (pending !== null) return null;
    if (schemaHasPatterns(shape.schema)) await loadPatternEngine();
    const { state, files } = current();
    if (Object.keys(validateEntry(shape, state, { slugRules })).length > 0) {
      setForced(true);
      requestAnimationFrame(() => focusFirstInvalid(formId));
      return null;
    }
    if (access === 'fork') {
      setNeedsFork('save');
      return null;
    }
    setPending('save');
    setFailure(null);
    try {
      const changes = await buildChangeSet({ files, readAtOpen: snapshot.readAtOpen, tree: snapshot.tree });
      saved(
        state,
        files,
        isEmptyChangeSet(changes)
          ? null
          : await commitEntry({
              changes,
              message: saveMessage(state),
              branch,
              tree: snapshot.tree,
              head: snapshot.head,
              entryFiles: snapshot.readAtOpen,
            }),
      );
      return state;
    } catch (error) {
      // The notice stays once the new-branch dialog is dismissed, with the ways forward.
      if (error instanceof NeedsNewBranch) setNeedsNewBranch(error.message);
      setFailure({ action: 'save', error });
      return null;
    } finally {
      setPending(null);
    }
  };

  /**
   * Creates `newBranch` at the commit the editor loaded and saves there, where the files are as they
   * were read; throws what failed, for the new-branch dialog to show.
   */
  const saveOnNewBranch = async (newBranch: string): Promise<EntryState> => {
    const { state, files } = current();
    await createBranch(newBranch, snapshot.head);
    const changes = await buildChangeSet({ files, readAtOpen: snapshot.readAtOpen, tree: snapshot.tree });
    const message = saveMessage(state);
    const head = snapshot.head === null ? {} : { expectedHead: snapshot.head };
    saved(state, files, await commitOnBranch({ ...changes, branch: newBranch, message, ...head }));
    setNeedsNewBranch(null);
    return state;
  };

  /**
   * Reads the entry as it is now and carries the form's edits over to it: each field changed here
   * keeps its value, the others take the current version's; the next save expects the new files.
   */
  const reload = async (): Promise<void> => {
    if (reopen === undefined || pending !== null) return;
    setPending('reload');
    try {
      const now = await reopen();
      const { state } = current();
      const rebased = rebaseEdits(shape, placeFor, { base: snapshot.state, mine: state, theirs: now.state });
      setSnapshot(now);
      replaceState(rebased.state);
      setFailure(null);
      setNeedsNewBranch(null);
      const labels = rebased.overlapping.map((key) => shape.schema[key]?.label ?? key);
      showToast(labels.length === 0 ? t('reload.done') : t('reload.overlapping', { fields: labels.join(', ') }), {
        tone: labels.length === 0 ? 'neutral' : 'caution',
        timeoutMs: WARNING_MS,
      });
    } catch (error) {
      setFailure({ action: 'reload', error });
    } finally {
      setPending(null);
    }
  };

  /**
   * Someone else saved the entry (editing together): the next save expects the files they wrote,
   * and fields they changed that this form has not take their values, in place (the fields being
   * edited here are not drawn again).
   */
  const adoptSaved = async (): Promise<void> => {
    if (reopen === undefined) return;
    const now = await reopen();
    const { state } = current();
    const rebased = rebaseEdits(shape, placeFor, { base: snapshot.state, mine: state, theirs: now.state });
    setSnapshot(now);
    for (const key of changedFields(shape, placeFor, state, rebased.state)) setField(key, rebased.state[key]);
  };

  /** Deletes every file read at open; answers whether it worked. */
  const remove = async (): Promise<boolean> => {
    if (access === 'fork') {
      setNeedsFork('delete');
      return false;
    }
    setPending('delete');
    setFailure(null);
    try {
      const changes = deletionChangeSet(snapshot.readAtOpen, snapshot.tree);
      const message = commitMessage('Delete', placeFor(snapshot.state).dir);
      warn(await commitEntry({ changes, message, branch, tree: snapshot.tree, head: snapshot.head, entryFiles: snapshot.readAtOpen }));
      summary.refresh();
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
    /** The entry's files as last read or saved: what the next save expects to find. */
    loaded: snapshot,
    /** The files the values write, by path. */
    files,
    /** Whether the entry has files on the server (false until a new entry or singleton is created). */
    exists,
    /** Where the saved entry's data file is (null until it exists). */
    savedDataPath: exists ? entryPaths(shape, placeFor(snapshot.state)).data : null,
    isDirty: editing || !sameFiles(files, savedFiles),
    /** True once a save was refused for invalid values: every message shows until a reset. */
    forced,
    /** Whether a field shows all its messages: once a save was refused, or while it holds a value kept as stored. */
    isForced,
    formKey,
    pending,
    failure,
    /** Whether saves go to a branch (git and GitHub storage), so that a new one can be made. */
    hasBranches: branch !== null,
    needsNewBranch,
    dismissNewBranch: () => setNeedsNewBranch(null),
    /** The action that waits for the person's fork of the repository (see ForkRepoDialog). */
    needsFork,
    dismissFork: () => setNeedsFork(null),
    setField,
    replaceState,
    /** The values with every edit in them, also one a content field has not written yet, and their files. */
    current,
    touch,
    visibleError,
    reset,
    save,
    saveOnNewBranch,
    /** Present when the entry can be read again: carries the edits over to its current version. */
    reload: reopen === undefined ? null : reload,
    adoptSaved,
    /** Opens the new-branch dialog again after it was dismissed (a save this branch cannot take). */
    askForNewBranch: (reason: string) => setNeedsNewBranch(reason),
    remove,
  };
}

export type EntryEditor = ReturnType<typeof useEntryEditor>;

function focusFirstInvalid(formId: string): void {
  document.getElementById(formId)?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}
