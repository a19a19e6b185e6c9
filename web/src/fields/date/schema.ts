/**
 * Date fields: `YYYY-MM-DD` or null (left out). YAML files hold an unquoted timestamp, which js-yaml
 * reads as a Date; older files quote it. JSON files hold the string. A stored value that names no
 * day (`2024-13-45`, `soon`, a number) or more than a day (a timestamp with a time) is kept as
 * stored, with the field's message (see stored.ts).
 */
import type { DateField } from '../../api/config';
import { t } from '../../lib/messages/format';
import { writtenPlain } from '../../lib/yaml';
import type { FieldSchema } from '../kind';
import { keepStored, StoredValue } from '../stored';
import { isCalendarDate, today } from './calendar';

export const dateSchema: FieldSchema<DateField, string | null | StoredValue> = {
  defaultState(field) {
    const value = field.defaultValue;
    return typeof value === 'object' && value !== null ? today() : value;
  },
  parse(field, value, context) {
    if (value === undefined) return dateSchema.defaultState(field);
    const invalid = t('date.invalid', { label: field.label });
    if (value instanceof Date) {
      // A timestamp's calendar day in UTC is the day written in the file, when it has no time.
      const iso = value.toISOString();
      return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : keepStored(value, invalid, context);
    }
    if (typeof value !== 'string') return keepStored(value, t('value.mustBeStringOrDate'), context);
    return isCalendarDate(value) ? value : keepStored(value, invalid, context);
  },
  validate(field, state) {
    const { label, validation } = field;
    if (state instanceof StoredValue) return state.message;
    if (state !== null && !isCalendarDate(state)) return t('date.invalid', { label });
    if (state === null) return validation.isRequired ? t('field.required', { label }) : null;
    // Same-length ISO dates compare correctly as text.
    if (validation.min !== null && state < validation.min) return t('date.min', { label, min: validation.min });
    if (validation.max !== null && state > validation.max) return t('date.max', { label, max: validation.max });
    return null;
  },
  serialize(_field, state, { format }) {
    if (state instanceof StoredValue) return state.value;
    if (state === null) return undefined;
    // js-yaml writes such a Date as the bare day, unquoted; a string would be quoted, as it looks like a date.
    return format === 'yaml' && isCalendarDate(state) ? writtenPlain(state) : state;
  },
};
