/** Text fields (single or multiline): a string, left out of the file when empty. */
import type { TextField } from '../../api/config';
import { t } from '../../lib/messages/format';
import type { FieldSchema } from '../kind';
import { keepStored, StoredValue } from '../stored';
import { validateText } from './validateText';

export const textSchema: FieldSchema<TextField, string | StoredValue> = {
  defaultState: (field) => field.defaultValue,
  parse(field, value, context) {
    if (value === undefined) return field.defaultValue;
    if (typeof value !== 'string') return keepStored(value, t('value.mustBeString'), context);
    return value;
  },
  validate: (field, state) => (state instanceof StoredValue ? state.message : validateText(state, field.label, field.validation)),
  serialize(_field, state) {
    if (state instanceof StoredValue) return state.value;
    return state === '' ? undefined : state;
  },
};
