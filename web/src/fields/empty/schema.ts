/** Empty fields: nothing to edit and nothing written (a stored value is read and dropped, as Keystatic does). */
import type { EmptyField } from '../../api/config';
import type { FieldSchema } from '../kind';

export const emptySchema: FieldSchema<EmptyField, null> = {
  defaultState: () => null,
  parse: () => null,
  validate: () => null,
  serialize: () => undefined,
};
