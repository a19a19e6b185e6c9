/**
 * Datetime fields: `YYYY-MM-DDTHH:mm` or null (left out). YAML stores a UTC timestamp
 * (`2024-06-26T18:30:00.000Z`), JSON the string as typed.
 */
import type { DatetimeField } from '../../api/config';
import { t } from '../../lib/messages/format';
import { FieldParseError } from '../kind';
import type { FieldSchema } from '../kind';
import { currentDateTime, isCalendarDateTime } from '../date/calendar';

export const datetimeSchema: FieldSchema<DatetimeField, string | null> = {
  defaultState(field) {
    const value = field.defaultValue;
    return typeof value === 'object' && value !== null ? currentDateTime() : value;
  },
  parse(field, value) {
    if (value === undefined) return datetimeSchema.defaultState(field);
    // Seconds and milliseconds are dropped: the field edits minutes.
    if (value instanceof Date) return value.toISOString().slice(0, 16);
    if (typeof value !== 'string') throw new FieldParseError(t('value.mustBeStringOrDate'));
    return value;
  },
  validate(field, state) {
    const { label, validation } = field;
    if (state !== null && !isCalendarDateTime(state)) return t('datetime.invalid', { label });
    if (state === null) return validation.isRequired ? t('field.required', { label }) : null;
    if (validation.min !== null && state < validation.min) return t('date.min', { label, min: validation.min });
    if (validation.max !== null && state > validation.max) return t('date.max', { label, max: validation.max });
    return null;
  },
  serialize(_field, state, { format }) {
    if (state === null) return undefined;
    // An invalid value is never saved, but dirty checks still serialize it: keep it as text then.
    return format === 'yaml' && isCalendarDateTime(state) ? new Date(`${state}Z`) : state;
  },
};
