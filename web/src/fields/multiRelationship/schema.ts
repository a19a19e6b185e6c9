/** Multi-relationship fields: slugs of entries of another collection, always written (`[]` included). */
import type { MultiRelationshipField } from '../../api/config';
import { t } from '../../lib/messages/format';
import { FieldParseError } from '../kind';
import type { FieldSchema } from '../kind';
import { readSequence, validateLength } from '../length';
import { isScalar, keepStored, StoredValue } from '../stored';

/** A list with an item that is not text is kept whole, as stored, until the editor chooses. */
export const multiRelationshipSchema: FieldSchema<MultiRelationshipField, string[] | StoredValue> = {
  defaultState: () => [],
  parse(_field, value, context) {
    if (value === undefined) return [];
    const items = readSequence(value);
    const shapeless = items.findIndex((item) => !isScalar(item));
    if (shapeless !== -1) throw new FieldParseError(t('value.mustBeString'), [String(shapeless)]);
    if (items.every((item) => typeof item === 'string')) return items as string[];
    const kept = items.map((item) => keepStored(item, t('value.mustBeString'), context));
    return new StoredValue(
      kept.map((item) => item.value),
      kept.map((item) => item.text).join(', '),
      t('value.mustBeString'),
    );
  },
  validate(field, state) {
    if (state instanceof StoredValue) return state.message;
    return validateLength(state.length, field.validation.length);
  },
  serialize: (_field, state) => (state instanceof StoredValue ? state.value : state),
};
