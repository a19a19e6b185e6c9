/**
 * Blocks fields: an array of conditionals keyed by block kind, stored as
 * `[{ discriminant: <block key>, value }]`. Parsing, validation and writing are the array's, over
 * the equivalent array field.
 */
import type { ArrayField, BlocksField, ConditionalField } from '../../api/config';
import { arraySchema } from '../array/schema';
import type { Item } from '../array/items';
import type { ConditionalState } from '../conditional/schema';
import type { FieldSchema } from '../kind';
import type { KindOf } from '../kindEntry';

export type BlockState = ConditionalState & { discriminant: string };

/** The schema of blocks fields, whose blocks are read through `kindOf`. */
export function blocksSchema(kindOf: KindOf): FieldSchema<BlocksField, Item<BlockState>[]> {
  const array = arraySchema(kindOf);
  return {
    defaultState: () => [],
    parse: (field, value, context) => array.parse(blocksAsArray(field), value, context) as Item<BlockState>[],
    validate: (field, state, context) => array.validate(blocksAsArray(field), state, context),
    serialize: (field, state, context) => array.serialize(blocksAsArray(field), state, context),
  };
}

const equivalents = new WeakMap<BlocksField, ArrayField>();

/** The array of conditionals a blocks field stands for (computed once per field). */
export function blocksAsArray(field: BlocksField): ArrayField {
  let array = equivalents.get(field);
  if (array === undefined) {
    array = {
      kind: 'array',
      label: field.label,
      description: field.description,
      element: blockConditional(field),
      itemLabel: null,
      slugField: null,
      validation: field.validation,
    };
    equivalents.set(field, array);
  }
  return array;
}

function blockConditional(field: BlocksField): ConditionalField {
  const kinds = Object.entries(field.blocks);
  return {
    kind: 'conditional',
    label: field.label,
    description: null,
    discriminant: {
      kind: 'select',
      label: field.label,
      description: null,
      options: kinds.map(([value, block]) => ({ label: block.label, value })),
      defaultValue: kinds[0]?.[0] ?? '',
    },
    values: Object.fromEntries(kinds.map(([key, block]) => [key, block.schema])),
  };
}
