/** Checkbox fields: a boolean, always written (false included). */
import type { CheckboxField } from '../../api/config';
import { t } from '../../lib/messages/format';
import { FieldParseError } from '../kind';
import type { FieldSchema } from '../kind';

export const checkboxSchema: FieldSchema<CheckboxField, boolean> = {
  defaultState: (field) => field.defaultValue,
  parse(field, value) {
    if (value === undefined) return field.defaultValue;
    if (typeof value !== 'boolean') throw new FieldParseError(t('value.mustBeBoolean'));
    return value;
  },
  validate: () => null,
  serialize: (_field, state) => state,
};
