import type { DatetimeField } from '../../api/config';
import { TextInputField } from '../../ui/TextInputField';
import type { FieldProps } from '../FieldProps';

/** The browser's datetime-local input, which reads and writes `YYYY-MM-DDTHH:mm` ('' when cleared). */
export function DatetimeFieldView({ field, state, onChange, onBlur, error }: FieldProps<DatetimeField, string | null>) {
  return (
    <TextInputField
      type="datetime-local"
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
