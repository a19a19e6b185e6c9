import type { TextField } from '../../api/config';
import { TextInputField } from '../../ui/TextInputField';
import type { FieldProps } from '../FieldProps';

export function TextFieldView({ field, state, onChange, onBlur, error }: FieldProps<TextField, string>) {
  return (
    <TextInputField
      label={field.label}
      description={field.description}
      value={state}
      onChange={onChange}
      onBlur={onBlur}
      error={error}
      isRequired={field.validation.length.min > 0}
      multiline={field.multiline}
    />
  );
}
