/**
 * Kinds the admin cannot edit yet: the stored value is carried through a save untouched (left out
 * when it was absent), so editing other fields never loses it.
 */
import type { UnsupportedField } from '../../api/config';
import type { FieldSchema } from '../kind';

export const unsupportedSchema: FieldSchema<UnsupportedField, unknown> = {
  defaultState: () => undefined,
  parse: (_field, value) => value,
  validate: () => null,
  serialize: (_field, state) => state,
};
