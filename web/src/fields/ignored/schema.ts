/** Ignored fields: the stored value passes through every save untouched (left out when absent). */
import type { IgnoredField } from '../../api/config';
import type { FieldSchema } from '../kind';

export const ignoredSchema: FieldSchema<IgnoredField, unknown> = {
  defaultState: () => undefined,
  parse: (_field, value) => value,
  validate: () => null,
  serialize: (_field, state) => state,
};
