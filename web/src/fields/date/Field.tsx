import type { DateField } from '../../api/config';
import { TextInputField } from '../../ui/TextInputField';
import type { FieldProps } from '../FieldProps';

/** The browser's date input, which reads and writes `YYYY-MM-DD` ('' when cleared). */
export function DateFieldView({ field, state, onChange, onBlur, error }: FieldProps<DateField, string | null>) {
  return (
    <TextInputField
      type="date"
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
