/** Path reference fields: the path of a file of the site matching a glob, or null (left out). */
import type { PathReferenceField } from '../../api/config';
import type { FieldSchema } from '../kind';
import { readReference, validateReference } from '../reference';

export const pathReferenceSchema: FieldSchema<PathReferenceField, string | null> = {
  defaultState: () => null,
  parse: (_field, value) => readReference(value),
  validate: (field, state) => validateReference(field.label, field.validation.isRequired, state),
  serialize: (_field, state) => state ?? undefined,
};
