/** Number fields: any finite number, or null (left out of the file). */
import type { NumberField } from '../../api/config';
import { t } from '../../lib/messages/format';
import type { FieldSchema } from '../kind';
import { StoredValue } from '../stored';
import { isMultipleOf, parseNumber, validateRange } from './rules';

/** NaN stands for text typed into the field that is not a number. */
export const numberSchema: FieldSchema<NumberField, number | null | StoredValue> = {
  defaultState: (field) => field.defaultValue,
  parse: (field, value, context) => (value === undefined ? field.defaultValue : parseNumber(value, context)),
  validate(field, state) {
    const { label, validation, step } = field;
    if (state instanceof StoredValue) return state.message;
    if (state !== null && !Number.isFinite(state)) return t('number.notNumber', { label });
    if (state === null) return validation.isRequired ? t('field.required', { label }) : null;
    const rangeMessage = validateRange(state, label, validation);
    if (rangeMessage !== null) return rangeMessage;
    if (validation.step && step !== null && !isMultipleOf(state, step)) return t('number.step', { label, step });
    return null;
  },
  serialize: (_field, state) => (state instanceof StoredValue ? state.value : (state ?? undefined)),
};
