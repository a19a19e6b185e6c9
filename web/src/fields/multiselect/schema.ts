/** Multiselect fields: the values of the chosen options, always written (`[]` included). */
import type { MultiselectField } from '../../api/config';
import { t } from '../../lib/messages/format';
import { FieldParseError } from '../kind';
import type { FieldSchema } from '../kind';
import { readSequence } from '../length';

export const multiselectSchema: FieldSchema<MultiselectField, string[]> = {
  defaultState: (field) => [...field.defaultValue],
  parse(field, value) {
    if (value === undefined) return [...field.defaultValue];
    return readSequence(value).map((item, index) => {
      if (typeof item !== 'string') throw new FieldParseError(t('value.mustBeString'), [String(index)]);
      if (!field.options.some((option) => option.value === item)) {
        throw new FieldParseError(t('value.invalidOption'), [String(index)]);
      }
      return item;
    });
  },
  validate: () => null,
  serialize: (_field, state) => state,
};
