/**
 * Conditional fields: a discriminant (a select's value, or a checkbox's boolean) and the value of the
 * field it picks, stored as `{ discriminant, value }`, or `{ discriminant }` when the value writes
 * nothing. An absent conditional reads as the discriminant's default; a stored one without its
 * discriminant is a problem, not the default: which field its value belongs to is unknown, and
 * reading it as the default would drop that value on the next save.
 */
import type { ConditionalField, Field } from '../../api/config';
import { t } from '../../lib/messages/format';
import { childContext, FieldParseError, parseAt } from '../kind';
import type { FieldSchema } from '../kind';
import type { KindOf } from '../kindEntry';
import { readMapping, storedAt } from '../mapping';
import { StoredValue } from '../stored';

export type ConditionalState = { discriminant: string | boolean; value: unknown };

/** The schema of conditional fields, whose discriminant and values are read through `kindOf`. */
export function conditionalSchema(kindOf: KindOf): FieldSchema<ConditionalField, ConditionalState> {
  const schema: FieldSchema<ConditionalField, ConditionalState> = {
    defaultState(field) {
      const discriminant = kindOf(field.discriminant).schema.defaultState(field.discriminant) as string | boolean;
      return { discriminant, value: defaultValueFor(field, discriminant, kindOf) };
    },
    parse(field, value, context) {
      if (value === undefined) return schema.defaultState(field);
      const stored = readMapping(value, ['discriminant', 'value']);
      const storedDiscriminant = storedAt(stored, 'discriminant');
      if (storedDiscriminant === undefined) {
        throw new FieldParseError(t('field.required', { label: field.discriminant.label }), ['discriminant']);
      }
      const discriminant = parseAt('discriminant', () => {
        const parsed = kindOf(field.discriminant).schema.parse(field.discriminant, storedDiscriminant, context);
        // Which field the value belongs to is unknown: the entry cannot be opened.
        if (parsed instanceof StoredValue) throw new FieldParseError(parsed.message);
        return parsed as string | boolean;
      });
      const valueField = valueFieldFor(field, discriminant);
      return {
        discriminant,
        value: parseAt('value', () => kindOf(valueField).schema.parse(valueField, storedAt(stored, 'value'), childContext(context, 'value'))),
      };
    },
    validate(field, state, context) {
      const valueField = valueFieldFor(field, state.discriminant);
      return kindOf(valueField).schema.validate(valueField, state.value, context);
    },
    serialize(field, state, context) {
      const valueField = valueFieldFor(field, state.discriminant);
      const value = kindOf(valueField).schema.serialize(valueField, state.value, childContext(context, 'value'));
      return value === undefined ? { discriminant: state.discriminant } : { discriminant: state.discriminant, value };
    },
  };
  return schema;
}

/** The field a discriminant picks; checkbox discriminants pick `values.true` / `values.false`. */
export function valueFieldFor(field: ConditionalField, discriminant: string | boolean): Field {
  // The server checks that every discriminant value has a field, so this never misses.
  return field.values[String(discriminant)] ?? { kind: 'empty', label: '', description: null };
}

/** The state a discriminant starts its value with (when chosen, the previous branch's value is dropped). */
export function defaultValueFor(field: ConditionalField, discriminant: string | boolean, kindOf: KindOf): unknown {
  const valueField = valueFieldFor(field, discriminant);
  return kindOf(valueField).schema.defaultState(valueField);
}
