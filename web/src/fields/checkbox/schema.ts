/** Checkbox fields: a boolean, always written (false included). */
import type { CheckboxField } from '../../api/config';
import { t } from '../../lib/messages/format';
import type { FieldSchema } from '../kind';
import { keepStored, StoredValue } from '../stored';

export const checkboxSchema: FieldSchema<CheckboxField, boolean | StoredValue> = {
  defaultState: (field) => field.defaultValue,
  parse(field, value, context) {
    if (value === undefined) return field.defaultValue;
    // `'true'`, `yes` or `1` are not read as a boolean: the editor decides.
    if (typeof value !== 'boolean') return keepStored(value, t('value.mustBeBoolean'), context);
    return value;
  },
  validate: (_field, state) => (state instanceof StoredValue ? state.message : null),
  serialize: (_field, state) => (state instanceof StoredValue ? state.value : state),
};
