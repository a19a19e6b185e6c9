/**
 * Datetime fields: `YYYY-MM-DDTHH:mm` or null (left out). YAML stores a UTC timestamp
 * (`2024-06-26T18:30:00.000Z`), JSON the string as typed. A stored value that names no time, or a
 * timestamp with seconds the field would drop, is kept as stored with the field's message (see
 * stored.ts).
 */
import type { DatetimeField } from '../../api/config';
import { t } from '../../lib/messages/format';
import type { FieldSchema } from '../kind';
import { currentDateTime, isCalendarDateTime } from '../date/calendar';
import { keepStored, StoredValue } from '../stored';

export const datetimeSchema: FieldSchema<DatetimeField, string | null | StoredValue> = {
  defaultState(field) {
    const value = field.defaultValue;
    return typeof value === 'object' && value !== null ? currentDateTime() : value;
  },
  parse(field, value, context) {
    if (value === undefined) return datetimeSchema.defaultState(field);
    const invalid = t('datetime.invalid', { label: field.label });
    if (value instanceof Date) {
      // The field edits whole minutes (in UTC, as written).
      const iso = value.toISOString();
      return iso.endsWith(':00.000Z') ? iso.slice(0, 16) : keepStored(value, invalid, context);
    }
    if (typeof value !== 'string') return keepStored(value, t('value.mustBeStringOrDate'), context);
    return isCalendarDateTime(value) ? value : keepStored(value, invalid, context);
  },
  validate(field, state) {
    const { label, validation } = field;
    if (state instanceof StoredValue) return state.message;
    if (state !== null && !isCalendarDateTime(state)) return t('datetime.invalid', { label });
    if (state === null) return validation.isRequired ? t('field.required', { label }) : null;
    if (validation.min !== null && state < validation.min) return t('date.min', { label, min: validation.min });
    if (validation.max !== null && state > validation.max) return t('date.max', { label, max: validation.max });
    return null;
  },
  serialize(_field, state, { format }) {
    if (state instanceof StoredValue) return state.value;
    if (state === null) return undefined;
    // An invalid value is never saved, but dirty checks still serialize it: keep it as text then.
    return format === 'yaml' && isCalendarDateTime(state) ? new Date(`${state}Z`) : state;
  },
};
