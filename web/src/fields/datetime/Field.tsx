import type { DatetimeField } from '../../api/config';
import { DateInputField } from '../../ui/DateInputField';
import type { FieldProps } from '../FieldProps';

/** A date and time in the admin's language, stored as `YYYY-MM-DDTHH:mm` (null when cleared). */
export function DatetimeFieldView({ field, state, onChange, onBlur, error }: FieldProps<DatetimeField, string | null>) {
  return (
    <DateInputField
      granularity="minute"
      label={field.label}
      description={field.description}
      value={state}
      onChange={onChange}
      onBlur={onBlur}
      error={error}
      isRequired={field.validation.isRequired}
    />
  );
}
