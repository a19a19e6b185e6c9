/** Multiselect fields: the values of the chosen options, always written (`[]` included). */
import type { MultiselectField } from '../../api/config';
import { t } from '../../lib/messages/format';
import { FieldParseError } from '../kind';
import type { FieldSchema, ParseContext } from '../kind';
import { readSequence } from '../length';
import { isScalar, keepStored, StoredValue } from '../stored';

/** A list with an item that is not an option is kept whole, as stored, until the editor chooses. */
export const multiselectSchema: FieldSchema<MultiselectField, string[] | StoredValue> = {
  defaultState: (field) => [...field.defaultValue],
  parse(field, value, context) {
    if (value === undefined) return [...field.defaultValue];
    const items = readSequence(value);
    const shapeless = items.findIndex((item) => !isScalar(item));
    if (shapeless !== -1) throw new FieldParseError(t('value.mustBeString'), [String(shapeless)]);
    for (const item of items) {
      if (typeof item !== 'string') return keepList(items, t('value.mustBeString'), context);
      if (!field.options.some((option) => option.value === item)) return keepList(items, t('value.invalidOption'), context);
    }
    return items as string[];
  },
  validate: (_field, state) => (state instanceof StoredValue ? state.message : null),
  serialize: (_field, state) => (state instanceof StoredValue ? state.value : state),
};

/** The list kept as stored, shown as its items' text. */
function keepList(items: unknown[], message: string, context: ParseContext): StoredValue {
  const kept = items.map((item) => keepStored(item, message, context));
  return new StoredValue(
    kept.map((item) => item.value),
    kept.map((item) => item.text).join(', '),
    message,
  );
}
