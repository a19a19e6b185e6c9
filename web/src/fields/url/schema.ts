/** URL fields: an absolute URL, or null (left out; an empty string reads as null). */
import type { UrlField } from '../../api/config';
import { t } from '../../lib/messages/format';
import type { FieldSchema } from '../kind';
import { keepStored, StoredValue } from '../stored';

export const urlSchema: FieldSchema<UrlField, string | null | StoredValue> = {
  defaultState: (field) => field.defaultValue,
  parse(field, value, context) {
    if (value === undefined) return field.defaultValue;
    if (typeof value !== 'string') return keepStored(value, t('value.mustBeString'), context);
    return value === '' ? null : value;
  },
  validate(field, state) {
    const { label, validation } = field;
    if (state instanceof StoredValue) return state.message;
    if (state !== null && !URL.canParse(state)) return t('url.invalid', { label });
    if (state === null && validation.isRequired) return t('field.required', { label });
    return null;
  },
  serialize: (_field, state) => (state instanceof StoredValue ? state.value : (state ?? undefined)),
};
