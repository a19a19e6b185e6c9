/** Select fields: one option's value, always written. */
import type { SelectField } from '../../api/config';
import { t } from '../../lib/messages/format';
import { FieldParseError } from '../kind';
import type { FieldSchema } from '../kind';

export const selectSchema: FieldSchema<SelectField, string> = {
  defaultState: (field) => field.defaultValue,
  parse(field, value) {
    if (value === undefined) return field.defaultValue;
    if (typeof value !== 'string') throw new FieldParseError(t('value.mustBeString'));
    if (!field.options.some((option) => option.value === value)) throw new FieldParseError(t('value.invalidOption'));
    return value;
  },
  validate: () => null,
  serialize: (_field, state) => state,
};
