/** What every field widget receives from the form that holds it. */
import type { SharedBinding } from '../editor/state/shared';
import type { SlugRules } from './kind';

/**
 * A content field's document shared with the other people on the entry (live collaboration), given
 * by the app. Once the shared copy is known, `join` calls `ready` with what binds the editor to it;
 * it returns how to stop waiting.
 */
export type SharedText = {
  join(ready: (binding: SharedBinding) => void): () => void;
};

/** Lists that fields pick from, loaded by the app once per form and shared by all its fields. */
export type FieldChoices = {
  /** The first slugs of a collection's entries that contain `search` (any case), as many as a picker shows. */
  entrySlugs(collection: string, search: string): Promise<string[]>;
  /** The path of every file of the site. */
  filePaths(): Promise<string[]>;
};

export type FieldContext = {
  /** True on a create screen (or a new array item): a slug then follows its name until edited by hand. */
  isNew: boolean;
  /** The rules for this field's slug (the collection's, or the standalone ones). */
  slugRules: SlugRules;
  /** True once a save was tried: every message shows, also where none was visited (and list lengths). */
  forced: boolean;
  choices: FieldChoices;
  /** The field's shared document, for a content field of an entry others may edit at once. */
  sharedText?: SharedText;
};

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
