/**
 * Date fields: `YYYY-MM-DD` or null (left out). YAML files hold an unquoted timestamp, which js-yaml
 * reads as a Date; older files quote it. JSON files hold the string.
 */
import type { DateField } from '../../api/config';
import { t } from '../../lib/messages/format';
import { FieldParseError } from '../kind';
import type { FieldSchema } from '../kind';
import { isCalendarDate, today } from './calendar';

export const dateSchema: FieldSchema<DateField, string | null> = {
  defaultState(field) {
    const value = field.defaultValue;
    return typeof value === 'object' && value !== null ? today() : value;
  },
  parse(field, value) {
    if (value === undefined) return dateSchema.defaultState(field);
    // A timestamp's calendar day in UTC, which is the day written in the file.
    if (value instanceof Date) return value.toISOString().slice(0, 10);
    if (typeof value !== 'string') throw new FieldParseError(t('value.mustBeStringOrDate'));
    return value;
  },
  validate(field, state) {
    const { label, validation } = field;
    if (state !== null && !isCalendarDate(state)) return t('date.invalid', { label });
    if (state === null) return validation.isRequired ? t('field.required', { label }) : null;
    // Same-length ISO dates compare correctly as text.
    if (validation.min !== null && state < validation.min) return t('date.min', { label, min: validation.min });
    if (validation.max !== null && state > validation.max) return t('date.max', { label, max: validation.max });
    return null;
  },
  serialize(_field, state, { format }) {
    if (state === null) return undefined;
    return format === 'yaml' ? yamlDate(state) : state;
  },
};

/**
 * A Date that js-yaml writes as the bare day (`2024-06-26`, unquoted): js-yaml prints timestamps with
 * toISOString, so this one answers the day alone. A string would be quoted, since it looks like a date.
 */
function yamlDate(value: string): Date | string {
  if (!isCalendarDate(value)) return value;
  const date = new Date(`${value}T00:00:00Z`);
  date.toISOString = () => value;
  return date;
}
