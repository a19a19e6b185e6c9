/**
 * The values of an entry form and what it shows of them: the values (also the edits a content field
 * has not written yet), which errors to show, the key that restarts widgets when values are replaced,
 * and whether anything changed, by comparing the files the values write with those of the version
 * loaded (or last saved). Saving is useEntrySave's; the form only says whether its values may be saved.
 */
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { flushContentEdits, hasContentEdits, subscribeContentEdits } from '../../fields/content/pendingEdits';
import { filesFor, sameFiles } from '../../entry/files';
import type { FileContents } from '../../entry/files';
import { validateEntry } from '../../entry/formState';
import type { EntryState } from '../../entry/formState';
import { entryPaths } from '../../entry/place';
import type { EntryPlace } from '../../entry/place';
import type { EntryShape } from '../../entry/shape';
import type { SlugRules } from '../../fields/kind';
import { firstStoredValue } from '../../fields/stored';
import { loadPatternEngine, schemaHasPatterns } from '../../fields/text/patterns';
import type { EditorSnapshot } from '../data/loadEntry';

export type FormOptions = {
  shape: EntryShape;
  /** Where the entry's files go for given values (a collection entry moves with its slug). */
  placeFor(state: EntryState): EntryPlace;
  initial: EditorSnapshot;
  /** The values to start from when they are not the loaded ones (a restored draft, a duplicate). */
  initialState?: EntryState;
  slugRules: SlugRules;
  /** The form element, whose first invalid control gets the focus when a save is refused. */
  formId: string;
};

/** The values with every edit in them, the files they write, and whether those differ from the loaded ones. */
export type CurrentValues = { state: EntryState; files: ReadonlyMap<string, FileContents>; isDirty: boolean };

export function useEntryForm({ shape, placeFor, initial, initialState, slugRules, formId }: FormOptions) {
  const [loaded, setLoaded] = useState(initial);
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

  // Every keystroke serializes the values: the files of a state are built once, then read by the
  // changed check, a blur, a draft and a save's change set alike (and, once saved, as the loaded files).
  const filesOf = useMemo(() => filesBuilder(shape, placeFor), [shape, placeFor]);
  const files = useMemo(() => filesOf(state), [filesOf, state]);
  const savedFiles = useMemo(() => filesOf(loaded.state), [filesOf, loaded.state]);
  const changed = useMemo(() => !sameFiles(files, savedFiles), [files, savedFiles]);

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

  const current = (): CurrentValues => {
    flushContentEdits();
    const values = latest.current;
    const files = filesOf(values);
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

  const replaceState = (next: EntryState) => {
    // Edits not written yet belong to the values replaced.
    flushContentEdits();
    update(next);
    setFormKey((value) => value + 1);
  };

  const reset = () => {
    replaceState(loaded.state);
    setTouched(new Set());
    setForced(false);
  };

  /**
   * The current values if they may be saved; otherwise null, with every message shown, the first
   * invalid control focused and a warning in the console naming the invalid fields. It waits for the pattern engine, so that no pattern goes unchecked.
   */
  const valid = async (): Promise<CurrentValues | null> => {
    if (schemaHasPatterns(shape.schema)) await loadPatternEngine();
    const now = current();
    const problems = validateEntry(shape, now.state, { slugRules });
    if (Object.keys(problems).length > 0) {
      // As Keystatic does, for whoever looks at the console (a developer trying their schema).
      console.warn('The entry was not saved: fields are invalid', problems);
      setForced(true);
      requestAnimationFrame(() => focusFirstInvalid(formId));
      return null;
    }
    return now;
  };

  const exists = loaded.readAtOpen.size > 0;

  return {
    state,
    /** The entry's files as last read or saved: what the next save expects to find. */
    loaded,
    /** Makes `snapshot` the version the form compares with (read again, or just saved). */
    setLoaded,
    /** The files the values write, by path. */
    files,
    /** Whether the entry has files on the server (false until a new entry or singleton is created). */
    exists,
    /** Where the saved entry's data file is (null until it exists). */
    savedDataPath: exists ? entryPaths(shape, placeFor(loaded.state)).data : null,
    isDirty: editing || changed,
    /** True once a save was refused for invalid values: every message shows until a reset. */
    forced,
    /** Whether a field shows all its messages: once a save was refused, or while it holds a value kept as stored. */
    isForced,
    formKey,
    setField,
    /** Puts new values in the form (a pasted entry, or what it replaced). */
    replaceState,
    /** The values with every edit in them, also one a content field has not written yet, and their files. */
    current,
    touch,
    visibleError,
    /** Back to the loaded values, with no message shown. */
    reset,
    valid,
  };
}

export type EntryFormState = ReturnType<typeof useEntryForm>;

/** Builds the files of each state once. Values are never changed in place, so a state object stands for its files. */
function filesBuilder(shape: EntryShape, placeFor: (state: EntryState) => EntryPlace) {
  const built = new WeakMap<EntryState, ReadonlyMap<string, FileContents>>();
  return (values: EntryState): ReadonlyMap<string, FileContents> => {
    let files = built.get(values);
    if (files === undefined) {
      files = filesFor(shape, placeFor(values), values);
      built.set(values, files);
    }
    return files;
  };
}

function focusFirstInvalid(formId: string): void {
  document.getElementById(formId)?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}
