/** Object fields: a mapping of the nested fields' values in schema order, always written (`{}` included). */
import type { ObjectField } from '../../api/config';
import { childContext, parseAt } from '../kind';
import type { FieldSchema } from '../kind';
import type { KindOf } from '../kindEntry';
import { readMapping, storedAt } from '../mapping';

export type ObjectState = Record<string, unknown>;

/** The schema of object fields, whose nested fields are read through `kindOf`. */
export function objectSchema(kindOf: KindOf): FieldSchema<ObjectField, ObjectState> {
  const schema: FieldSchema<ObjectField, ObjectState> = {
    defaultState: (field) =>
      Object.fromEntries(Object.entries(field.fields).map(([key, child]) => [key, kindOf(child).schema.defaultState(child)])),
    parse(field, value, context) {
      if (value === undefined) return schema.defaultState(field);
      const stored = readMapping(value, Object.keys(field.fields));
      return Object.fromEntries(
        Object.entries(field.fields).map(([key, child]) => [
          key,
          parseAt(key, () => kindOf(child).schema.parse(child, storedAt(stored, key), childContext(context, key))),
        ]),
      );
    },
    validate(field, state, context) {
      for (const [key, child] of Object.entries(field.fields)) {
        const message = kindOf(child).schema.validate(child, state[key], context);
        if (message !== null) return message;
      }
      return null;
    },
    serialize(field, state, context) {
      const stored: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(field.fields)) {
        const value = kindOf(child).schema.serialize(child, state[key], childContext(context, key));
        if (value !== undefined) stored[key] = value;
      }
      return stored;
    },
  };
  return schema;
}
