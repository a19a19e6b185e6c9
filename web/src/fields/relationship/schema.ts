/** Relationship fields: the slug of one entry of another collection, or null (left out). */
import type { RelationshipField } from '../../api/config';
import type { FieldSchema } from '../kind';
import { readReference, validateReference } from '../reference';

export const relationshipSchema: FieldSchema<RelationshipField, string | null> = {
  defaultState: () => null,
  parse: (_field, value) => readReference(value),
  validate: (field, state) => validateReference(field.label, field.validation.isRequired, state),
  serialize: (_field, state) => state ?? undefined,
};
