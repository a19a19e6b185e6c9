import type { UrlField } from '../../api/config';
import { TextInputField } from '../../ui/TextInputField';
import type { FieldProps } from '../FieldProps';

export function UrlFieldView({ field, state, onChange, onBlur, error }: FieldProps<UrlField, string | null>) {
  return (
    <TextInputField
      type="url"
      label={field.label}
      description={field.description}
      value={state ?? ''}
      onChange={(value) => onChange(value === '' ? null : value)}
      onBlur={onBlur}
      error={error}
      isRequired={field.validation.isRequired}
    />
  );
}
