/**
 * An entry form as the screens use it: its values (useEntryForm) and their saving (useEntrySave),
 * as one object. A reset belongs to both: the loaded values come back and the last failure goes.
 */
import type { EntryState } from '../../entry/formState';
import type { EntryPlace } from '../../entry/place';
import type { EntryShape } from '../../entry/shape';
import type { SlugRules } from '../../fields/kind';
import type { EditorSnapshot } from '../data/loadEntry';
import { useEntryForm } from './useEntryForm';
import { useEntrySave } from './useEntrySave';

export type { EditorAction } from './useEntrySave';

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
  const form = useEntryForm({ shape, placeFor, initial, initialState, slugRules, formId });
  const saving = useEntrySave({ form, shape, placeFor, branch, reopen });
  return {
    state: form.state,
    loaded: form.loaded,
    files: form.files,
    exists: form.exists,
    savedDataPath: form.savedDataPath,
    isDirty: form.isDirty,
    forced: form.forced,
    isForced: form.isForced,
    formKey: form.formKey,
    setField: form.setField,
    replaceState: form.replaceState,
    current: form.current,
    touch: form.touch,
    visibleError: form.visibleError,
    reset: () => {
      form.reset();
      saving.clearFailure();
    },
    pending: saving.pending,
    failure: saving.failure,
    hasBranches: saving.hasBranches,
    needsNewBranch: saving.needsNewBranch,
    dismissNewBranch: saving.dismissNewBranch,
    askForNewBranch: saving.askForNewBranch,
    needsFork: saving.needsFork,
    dismissFork: saving.dismissFork,
    save: saving.save,
    saveOnNewBranch: saving.saveOnNewBranch,
    reload: saving.reload,
    adoptSaved: saving.adoptSaved,
    remove: saving.remove,
  };
}

export type EntryEditor = ReturnType<typeof useEntryEditor>;
