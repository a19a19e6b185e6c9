/**
 * Kinds the admin cannot edit yet: the stored value is carried through a save untouched (left out
 * when it was absent), so editing other fields never loses it.
 */
import type { UnsupportedField } from '../../api/config';
import type { FieldSchema } from '../kind';
import { asRead } from '../stored';

export const unsupportedSchema: FieldSchema<UnsupportedField, unknown> = {
  defaultState: () => undefined,
  // Timestamps are kept as written, not rewritten as full ISO times.
  parse: (_field, value, context) => (value === undefined ? undefined : asRead(value, context)),
  validate: () => null,
  serialize: (_field, state) => state,
};
