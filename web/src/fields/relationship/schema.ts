/** Relationship fields: the slug of one entry of another collection, or null (left out). */
import type { RelationshipField } from '../../api/config';
import type { FieldSchema } from '../kind';
import { readReference, serializeReference, validateReference } from '../reference';
import type { ReferenceState } from '../reference';

export const relationshipSchema: FieldSchema<RelationshipField, ReferenceState> = {
  defaultState: () => null,
  parse: (_field, value, context) => readReference(value, context),
  validate: (field, state) => validateReference(field.label, field.validation.isRequired, state),
  serialize: (_field, state) => serializeReference(state),
};
