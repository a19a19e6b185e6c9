/**
 * What every field widget receives from the form that holds it. Collaboration reaches a field only
 * through its `FieldContext` (`shared`, `replaced`, `path`, `savedAt`), which the app fills in;
 * fields import nothing of `collab`.
 */
import type { Node } from 'prosemirror-model';
import type { CloudImageData, LibraryPage, LibraryQuery, UploadedCloudImage } from '../api/cloudImages';
import type { SharedBinding } from '../editor/state/shared';
import type { SlugRules } from './kind';

/**
 * A content field's document shared with the other people on the entry (live collaboration), given
 * by the app. Once the shared copy is known, `join` calls `ready` with what binds the editor to it;
 * it returns how to stop waiting.
 */
export type SharedText = {
  /**
   * `draftOver`: the saved document that a draft of this browser's (the text the editor opened
   * with) changed; the draft goes to the others while their text is still that one.
   */
  join(ready: (binding: SharedBinding) => void, draftOver?: Node): () => void;
};

/** The shared documents of an entry's content fields, by their path in the entry (the same object each time). */
export type SharedTexts = {
  textAt(path: readonly string[]): SharedText;
};

/** Lists that fields pick from, loaded by the app once per form and shared by all its fields. */
export type FieldChoices = {
  /** The first slugs of a collection's entries that contain `search` (any case), as many as a picker shows. */
  entrySlugs(collection: string, search: string): Promise<string[]>;
  /** The path of every file of the site. */
  filePaths(): Promise<string[]>;
};

/**
 * The cloud's images, as cloud image fields reach them, given by the app: the calls go through the
 * site's own server, which holds the person's sign-in to the cloud.
 */
export type CloudImages = {
  /** The site has a cloud project: uploads are offered (signed out, they say to sign in first). */
  offered: boolean;
  /** The cloud the person is signed in to; null while they are not. */
  session: { url: string; hasLibrary: boolean; canUpload: boolean } | null;
  /** Uploads a file (rejects with the words to show); `onProgress` hears the part sent, 0 to 1. */
  upload(file: File, onProgress: (sent: number) => void): Promise<UploadedCloudImage>;
  /** What the cloud knows of an image of the project by its address; null when nothing. */
  lookUp(url: string): Promise<CloudImageData | null>;
  /** A page of the project's image library (rejects with the words to show). */
  list(query: LibraryQuery): Promise<LibraryPage>;
};

export type FieldContext = {
  /** True on a create screen (or a new array item): a slug then follows its name until edited by hand. */
  isNew: boolean;
  /** The rules for this field's slug (the collection's, or the standalone ones). */
  slugRules: SlugRules;
  /** True once a save was tried: every message shows, also where none was visited (and list lengths). */
  forced: boolean;
  choices: FieldChoices;
  /** The cloud's images; absent, cloud image fields act as for a person not signed in to the cloud. */
  cloudImages?: CloudImages;
  /** The entry's shared documents, while others may edit it at once (fields in lists are not shared). */
  shared?: SharedTexts;
  /**
   * The form's values were put in from outside since it opened (a reset, a pasted entry, a reload):
   * a shared document then takes the field's value, as a change everyone sees, rather than the
   * other way round.
   */
  replaced?: boolean;
  /** Where the field is in the entry: its key, and those of the objects around it. */
  path?: readonly string[];
  /** When the form opened with a draft of this browser's: the saved value at a path (see `savedAt`). */
  savedAt?: (path: readonly string[]) => unknown;
  /**
   * Where a chosen file keeps its own name (a content component's props): the name it goes under,
   * free of the other files of its folder (`directory` null: the content's own folder).
   */
  freeFileName?: (file: { directory: string | null; filename: string }, bytes: Uint8Array) => string;
};

/** The context of the field `key` of an object (or a conditional's value) in `context`. */
export function contextAt(context: FieldContext, key: string): FieldContext {
  return { ...context, path: [...(context.path ?? []), key] };
}

/**
 * The value at `path` (as `contextAt` builds paths: object keys, and a conditional's discriminant
 * for the value it shows) in the entry's `values`; undefined where there is none.
 */
export function valueAt(values: Readonly<Record<string, unknown>>, path: readonly string[]): unknown {
  let value: unknown = values;
  for (const segment of path) {
    if (value === null || typeof value !== 'object') return undefined;
    // A conditional's state, read by its shape: this module stays below the kinds it serves.
    const conditional = value as { discriminant?: unknown; value?: unknown };
    value = 'discriminant' in conditional && String(conditional.discriminant) === segment ? conditional.value : (value as Record<string, unknown>)[segment];
  }
  return value;
}

/** The context of fields in a list's items, which are edited alone (their place moves with the list). */
export function unshared(context: FieldContext): FieldContext {
  return context.shared === undefined ? context : { ...context, shared: undefined };
}

export type FieldProps<F, S> = {
  field: F;
  state: S;
  onChange(state: S): void;
  /** Marks the field as visited, which makes its error visible. */
  onBlur(): void;
  /** The message to show now, or null (errors show after blur and after a submit). */
  error: string | null;
  context: FieldContext;
};
