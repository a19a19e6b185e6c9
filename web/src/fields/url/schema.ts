/** URL fields: an absolute URL, or null (left out; an empty string reads as null). */
import type { UrlField } from '../../api/config';
import { t } from '../../lib/messages/format';
import { FieldParseError } from '../kind';
import type { FieldSchema } from '../kind';

export const urlSchema: FieldSchema<UrlField, string | null> = {
  defaultState: (field) => field.defaultValue,
  parse(field, value) {
    if (value === undefined) return field.defaultValue;
    if (typeof value !== 'string') throw new FieldParseError(t('value.mustBeString'));
    return value === '' ? null : value;
  },
  validate(field, state) {
    const { label, validation } = field;
    if (state !== null && !URL.canParse(state)) return t('url.invalid', { label });
    if (state === null && validation.isRequired) return t('field.required', { label });
    return null;
  },
  serialize: (_field, state) => state ?? undefined,
};
