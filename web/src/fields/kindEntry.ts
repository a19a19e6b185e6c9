/**
 * What the table of field kinds (registry.ts) holds for each kind, and how the code of one kind
 * reaches the kinds of the fields inside it: through a `KindOf` it is given, never through the table
 * itself, which names every kind.
 */
import type { ComponentType } from 'react';
import type { Field } from '../api/config';
import type { FieldProps } from './FieldProps';
import type { FieldSchema } from './kind';
import type { StoredValue } from './stored';

/** The states a control is given: while a stored value stands, the control shows as emptied (FieldView). */
export type ControlState<S> = Exclude<S, StoredValue>;

/** How a control stands beside a stored value it cannot hold (StoredValueView). */
export type StoredValueEntry<S> = {
  /** The state the control shows meanwhile: nothing chosen, nothing typed. */
  emptyState(): S;
  /** The control shows the field's message itself, so it is not repeated below it. */
  showsMessage: boolean;
};

/** What a value puts into an item's label (array/itemLabel.ts). */
export type ItemLabelEntry<F, S> = {
  /** The value's text, for `{path}` parts that end at it. */
  text(field: F, state: S): string;
  /** The field and value one path segment below (`{link.value}`, `{tags.0}`), or null where there is none. */
  child(field: F, state: S, segment: string): { field: Field; value: unknown } | null;
};

/** A kind's entry, checked whole against the state its schema produces. */
export type KindEntry<F extends Field, S> = {
  schema: FieldSchema<F, S>;
  /** The control; null for kinds with nothing to show, which forms leave out (their values still pass through saves). */
  View: ComponentType<FieldProps<F, NoInfer<ControlState<S>>>> | null;
  /**
   * Required where the schema may keep a stored value; null where it never does, as for states of
   * any value (kept as they were read, never as a StoredValue).
   */
  stored: unknown extends S ? null : StoredValue extends S ? StoredValueEntry<NoInfer<ControlState<S>>> : null;
  /** Called with states that are neither absent nor a stored value. */
  label: ItemLabelEntry<NoInfer<F>, NoInfer<NonNullable<ControlState<S>>>>;
};

/** A kind's entry with its state type erased, as the table holds it; with `F` erased too for code that walks fields of any kind. */
export type AnyKindEntry<F extends Field = Field> = {
  schema: FieldSchema<F, unknown>;
  View: ComponentType<FieldProps<F, unknown>> | null;
  stored: StoredValueEntry<unknown> | null;
  label: ItemLabelEntry<F, unknown>;
};

/** The entry of a field's kind: what composite kinds are given to reach the fields inside them. */
export type KindOf = (field: Field) => AnyKindEntry;

/**
 * Checks an entry against its kind's state type, then erases that type for the table. Sound because
 * each part is only ever called with the state its kind's schema produced (less a stored value,
 * where the control shows emptied).
 */
export function kindEntry<F extends Field, S>(entry: KindEntry<F, S>): AnyKindEntry<F> {
  return entry as unknown as AnyKindEntry<F>;
}

/** Kinds with nothing to show: forms leave them out (their values still pass through saves). */
export function isHidden(kind: AnyKindEntry): boolean {
  return kind.View === null;
}
