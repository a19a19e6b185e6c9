/** What every field widget receives from the form that holds it. */
import type { SlugRules } from './kind';

export type FieldContext = {
  /** True on a create screen: a slug then follows its name until edited by hand. */
  isNew: boolean;
  /** The rules for this field's slug (the collection's, or the standalone ones). */
  slugRules: SlugRules;
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
