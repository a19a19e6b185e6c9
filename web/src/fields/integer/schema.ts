/** Integer fields: a whole number, or null (left out of the file). */
import type { IntegerField } from '../../api/config';
import { t } from '../../lib/messages/format';
import type { FieldSchema } from '../kind';
import { parseNumber, validateRange } from '../number/rules';
import { StoredValue } from '../stored';

/** NaN stands for text typed into the field that is not a number. */
export const integerSchema: FieldSchema<IntegerField, number | null | StoredValue> = {
  defaultState: (field) => field.defaultValue,
  parse: (field, value, context) => (value === undefined ? field.defaultValue : parseNumber(value, context)),
  validate(field, state) {
    const { label, validation } = field;
    if (state instanceof StoredValue) return state.message;
    // Beyond 2^53 a number is no longer read exactly: the digits after the 16th are lost.
    if (state !== null && !Number.isSafeInteger(state)) return t('number.notWhole', { label });
    if (state === null) return validation.isRequired ? t('field.required', { label }) : null;
    return validateRange(state, label, validation);
  },
  serialize: (_field, state) => (state instanceof StoredValue ? state.value : (state ?? undefined)),
};
