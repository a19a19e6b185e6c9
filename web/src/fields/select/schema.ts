/** Select fields: one option's value, always written. */
import type { SelectField } from '../../api/config';
import { t } from '../../lib/messages/format';
import type { FieldSchema } from '../kind';
import { keepStored, StoredValue } from '../stored';

export const selectSchema: FieldSchema<SelectField, string | StoredValue> = {
  defaultState: (field) => field.defaultValue,
  parse(field, value, context) {
    // Only an absent value reads as the default option: a stored one is the editor's choice.
    if (value === undefined) return field.defaultValue;
    if (typeof value !== 'string') return keepStored(value, t('value.mustBeString'), context);
    if (!field.options.some((option) => option.value === value)) return keepStored(value, t('value.invalidOption'), context);
    return value;
  },
  validate: (_field, state) => (state instanceof StoredValue ? state.message : null),
  serialize: (_field, state) => (state instanceof StoredValue ? state.value : state),
};
