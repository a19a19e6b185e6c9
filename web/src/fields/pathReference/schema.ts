/** Path reference fields: the path of a file of the site matching a glob, or null (left out). */
import type { PathReferenceField } from '../../api/config';
import type { FieldSchema } from '../kind';
import { readReference, serializeReference, validateReference } from '../reference';
import type { ReferenceState } from '../reference';

export const pathReferenceSchema: FieldSchema<PathReferenceField, ReferenceState> = {
  defaultState: () => null,
  parse: (_field, value, context) => readReference(value, context),
  validate: (field, state) => validateReference(field.label, field.validation.isRequired, state),
  serialize: (_field, state) => serializeReference(state),
};
