/** Text fields (single or multiline): a string, left out of the file when empty. */
import type { TextField } from '../../api/config';
import { t } from '../../lib/messages/format';
import { FieldParseError } from '../kind';
import type { FieldSchema } from '../kind';
import { validateText } from './validateText';

export const textSchema: FieldSchema<TextField, string> = {
  defaultState: (field) => field.defaultValue,
  parse(field, value) {
    if (value === undefined) return field.defaultValue;
    if (typeof value !== 'string') throw new FieldParseError(t('value.mustBeString'));
    return value;
  },
  validate: (field, state) => validateText(state, field.label, field.validation),
  serialize: (_field, state) => (state === '' ? undefined : state),
};
