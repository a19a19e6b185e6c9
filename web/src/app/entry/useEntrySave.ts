/**
 * Saving an entry form: one action at a time (save, delete, reload), what failed, and what a save
 * waits for when it cannot be done here: a new branch when the branch cannot take it, a fork for
 * someone who may only read. A save commits the form's files against the ones it read; a refused
 * save leaves the values as they are, and Reload carries them over to the entry's current version.
 */
import { useRef, useState } from 'react';
import { createBranch } from '../../api/client';
import type { CommitResponse } from '../../api/wire';
import { buildChangeSet, deletionChangeSet, isEmptyChangeSet } from '../../entry/changeSet';
import type { FileContents } from '../../entry/files';
import type { EntryState } from '../../entry/formState';
import type { EntryPlace } from '../../entry/place';
import { changedFields, rebaseEdits } from '../../entry/rebase';
import type { EntryShape } from '../../entry/shape';
import { t } from '../../lib/messages/format';
import { useToast } from '../../ui/Toast';
import { useWriteAccess } from '../data/ConfigProvider';
import { withChanges } from '../data/entryFiles';
import type { EditorSnapshot } from '../data/loadEntry';
import { useSummary } from '../data/SummaryProvider';
import { commitEntry, commitMessage, commitOnBranch, NeedsNewBranch } from './commitEntry';
import type { EntryFormState } from './useEntryForm';

export type EditorAction = 'save' | 'delete' | 'reload';

const WARNING_MS = 12000;

/** What saving reads of the form, and changes: the loaded version, and the values when the entry is read again. */
export type SavedForm = Pick<EntryFormState, 'loaded' | 'setLoaded' | 'exists' | 'current' | 'valid' | 'replaceState' | 'setField'>;

export type SaveOptions = {
  form: SavedForm;
  shape: EntryShape;
  /** Where the entry's files go for given values (a collection entry moves with its slug). */
  placeFor(state: EntryState): EntryPlace;
  /** The branch to commit to; null for storage without branches. */
  branch: string | null;
  /** Reads the entry's files again, as they are now (for 'Reload' after a refused save). */
  reopen?: () => Promise<EditorSnapshot>;
};

export function useEntrySave({ form, shape, placeFor, branch, reopen }: SaveOptions) {
  const [pending, setPending] = useState<EditorAction | null>(null);
  // The action under way, known at once: `pending` is only seen once rendered, and a save first
  // waits for its checks, so a second click could otherwise start a second commit.
  const running = useRef<EditorAction | null>(null);
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

  /**
   * Runs `run` unless another action is under way; then nothing happens and `idle` is the answer.
   * The action shows as pending from when `run` calls `start`, once its own checks have passed.
   */
  const alone = async <T>(action: EditorAction, idle: T, run: (start: () => void) => Promise<T>): Promise<T> => {
    if (running.current !== null) return idle;
    running.current = action;
    try {
      return await run(() => setPending(action));
    } finally {
      running.current = null;
      setPending(null);
    }
  };

  const saveMessage = (state: EntryState) => commitMessage(form.exists ? 'Update' : 'Create', placeFor(state).dir);

  /** What the form holds (`state`, writing `files`) is now what the branch holds. */
  const saved = (state: EntryState, files: ReadonlyMap<string, FileContents>, response: CommitResponse | null) => {
    const { loaded } = form;
    const tree = response === null ? loaded.tree : withChanges(loaded.tree, response.changed);
    form.setLoaded({ state, tree, head: response === null ? loaded.head : response.head, readAtOpen: new Set(files.keys()) });
    if (response !== null) summary.refresh();
    warn(response);
  };

  /** Saves valid values; answers the saved state, or null when nothing was saved. */
  const save = (): Promise<EntryState | null> =>
    alone('save', null, async (start) => {
      const now = await form.valid();
      if (now === null) return null;
      if (access === 'fork') {
        setNeedsFork('save');
        return null;
      }
      start();
      setFailure(null);
      const { state, files } = now;
      const { loaded } = form;
      try {
        const changes = await buildChangeSet({ files, readAtOpen: loaded.readAtOpen, tree: loaded.tree });
        saved(
          state,
          files,
          isEmptyChangeSet(changes)
            ? null
            : await commitEntry({
                changes,
                message: saveMessage(state),
                branch,
                tree: loaded.tree,
                head: loaded.head,
                entryFiles: loaded.readAtOpen,
              }),
        );
        return state;
      } catch (error) {
        // The notice stays once the new-branch dialog is dismissed, with the ways forward.
        if (error instanceof NeedsNewBranch) setNeedsNewBranch(error.message);
        setFailure({ action: 'save', error });
        return null;
      }
    });

  /**
   * Creates `newBranch` at the commit the editor loaded and saves there, where the files are as they
   * were read; throws what failed, for the new-branch dialog to show. Answers null, doing nothing,
   * while another action is under way.
   */
  const saveOnNewBranch = (newBranch: string): Promise<EntryState | null> =>
    alone('save', null, async (start) => {
      start();
      const { state, files } = form.current();
      const { loaded } = form;
      await createBranch(newBranch, loaded.head);
      const changes = await buildChangeSet({ files, readAtOpen: loaded.readAtOpen, tree: loaded.tree });
      const message = saveMessage(state);
      const head = loaded.head === null ? {} : { expectedHead: loaded.head };
      saved(state, files, await commitOnBranch({ ...changes, branch: newBranch, message, ...head }));
      setNeedsNewBranch(null);
      return state;
    });

  /** The form's edits carried over to `now` (the entry as read again), which becomes the loaded version. */
  const rebaseOnto = (now: EditorSnapshot) => {
    const { state } = form.current();
    const rebased = rebaseEdits(shape, placeFor, { base: form.loaded.state, mine: state, theirs: now.state });
    form.setLoaded(now);
    return { mine: state, rebased };
  };

  /**
   * Reads the entry as it is now and carries the form's edits over to it: each field changed here
   * keeps its value, the others take the current version's; the next save expects the new files.
   */
  const reload = (): Promise<void> =>
    alone('reload', undefined, async (start) => {
      if (reopen === undefined) return;
      start();
      try {
        const { rebased } = rebaseOnto(await reopen());
        form.replaceState(rebased.state);
        setFailure(null);
        setNeedsNewBranch(null);
        const labels = rebased.overlapping.map((key) => shape.schema[key]?.label ?? key);
        showToast(labels.length === 0 ? t('reload.done') : t('reload.overlapping', { fields: labels.join(', ') }), {
          tone: labels.length === 0 ? 'neutral' : 'caution',
          timeoutMs: WARNING_MS,
        });
      } catch (error) {
        setFailure({ action: 'reload', error });
      }
    });

  /**
   * Someone else saved the entry (editing together): the next save expects the files they wrote,
   * and fields they changed that this form has not take their values, in place (the fields being
   * edited here are not drawn again).
   */
  const adoptSaved = async (): Promise<void> => {
    if (reopen === undefined) return;
    const { mine, rebased } = rebaseOnto(await reopen());
    for (const key of changedFields(shape, placeFor, mine, rebased.state)) form.setField(key, rebased.state[key]);
  };

  /** Deletes every file read at open; answers whether it worked. */
  const remove = (): Promise<boolean> =>
    alone('delete', false, async (start) => {
      if (access === 'fork') {
        setNeedsFork('delete');
        return false;
      }
      start();
      setFailure(null);
      const { loaded } = form;
      try {
        const changes = deletionChangeSet(loaded.readAtOpen, loaded.tree);
        const message = commitMessage('Delete', placeFor(loaded.state).dir);
        warn(await commitEntry({ changes, message, branch, tree: loaded.tree, head: loaded.head, entryFiles: loaded.readAtOpen }));
        summary.refresh();
        return true;
      } catch (error) {
        setFailure({ action: 'delete', error });
        return false;
      }
    });

  return {
    pending,
    failure,
    clearFailure: () => setFailure(null),
    /** Whether saves go to a branch (git and GitHub storage), so that a new one can be made. */
    hasBranches: branch !== null,
    needsNewBranch,
    dismissNewBranch: () => setNeedsNewBranch(null),
    /** Opens the new-branch dialog again after it was dismissed (a save this branch cannot take). */
    askForNewBranch: (reason: string) => setNeedsNewBranch(reason),
    /** The action that waits for the person's fork of the repository (see ForkRepoDialog). */
    needsFork,
    dismissFork: () => setNeedsFork(null),
    save,
    saveOnNewBranch,
    /** Present when the entry can be read again: carries the edits over to its current version. */
    reload: reopen === undefined ? null : reload,
    adoptSaved,
    remove,
  };
}

export type EntrySave = ReturnType<typeof useEntrySave>;
