/** Integer fields: a whole number, or null (left out of the file). */
import type { IntegerField } from '../../api/config';
import { t } from '../../lib/messages/format';
import type { FieldSchema } from '../kind';
import { parseNumber, validateRange } from '../number/rules';

/** NaN stands for text typed into the field that is not a number. */
export const integerSchema: FieldSchema<IntegerField, number | null> = {
  defaultState: (field) => field.defaultValue,
  parse: (field, value) => (value === undefined ? field.defaultValue : parseNumber(value)),
  validate(field, state) {
    const { label, validation } = field;
    if (state !== null && !Number.isInteger(state)) return t('number.notWhole', { label });
    if (state === null) return validation.isRequired ? t('field.required', { label }) : null;
    return validateRange(state, label, validation);
  },
  serialize: (_field, state) => state ?? undefined,
};
