/** Object fields: a mapping of the nested fields' values in schema order, always written (`{}` included). */
import type { ObjectField } from '../../api/config';
import { childContext, parseAt } from '../kind';
import type { FieldSchema } from '../kind';
import { readMapping, storedAt } from '../mapping';
import { schemaFor } from '../registry';

export type ObjectState = Record<string, unknown>;

export const objectSchema: FieldSchema<ObjectField, ObjectState> = {
  defaultState: (field) =>
    Object.fromEntries(Object.entries(field.fields).map(([key, child]) => [key, schemaFor(child).defaultState(child)])),
  parse(field, value, context) {
    if (value === undefined) return objectSchema.defaultState(field);
    const stored = readMapping(value, Object.keys(field.fields));
    return Object.fromEntries(
      Object.entries(field.fields).map(([key, child]) => [
        key,
        parseAt(key, () => schemaFor(child).parse(child, storedAt(stored, key), childContext(context, key))),
      ]),
    );
  },
  validate(field, state, context) {
    for (const [key, child] of Object.entries(field.fields)) {
      const message = schemaFor(child).validate(child, state[key], context);
      if (message !== null) return message;
    }
    return null;
  },
  serialize(field, state, context) {
    const stored: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(field.fields)) {
      const value = schemaFor(child).serialize(child, state[key], childContext(context, key));
      if (value !== undefined) stored[key] = value;
    }
    return stored;
  },
};
