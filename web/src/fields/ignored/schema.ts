/** Ignored fields: the stored value passes through every save untouched (left out when absent). */
import type { IgnoredField } from '../../api/config';
import type { FieldSchema } from '../kind';
import { asRead } from '../stored';

export const ignoredSchema: FieldSchema<IgnoredField, unknown> = {
  defaultState: () => undefined,
  // Timestamps are kept as written, not rewritten as full ISO times.
  parse: (_field, value, context) => (value === undefined ? undefined : asRead(value, context)),
  validate: () => null,
  serialize: (_field, state) => state,
};
