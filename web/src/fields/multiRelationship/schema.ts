/** Multi-relationship fields: slugs of entries of another collection, always written (`[]` included). */
import type { MultiRelationshipField } from '../../api/config';
import { t } from '../../lib/messages/format';
import { FieldParseError } from '../kind';
import type { FieldSchema } from '../kind';
import { readSequence, validateLength } from '../length';

export const multiRelationshipSchema: FieldSchema<MultiRelationshipField, string[]> = {
  defaultState: () => [],
  parse(_field, value) {
    if (value === undefined) return [];
    return readSequence(value).map((item, index) => {
      if (typeof item !== 'string') throw new FieldParseError(t('value.mustBeString'), [String(index)]);
      return item;
    });
  },
  validate: (field, state) => validateLength(state.length, field.validation.length),
  serialize: (_field, state) => state,
};
