import type { DateField } from '../../api/config';
import { DateInputField } from '../../ui/DateInputField';
import type { FieldProps } from '../FieldProps';

/** A date in the admin's language, stored as `YYYY-MM-DD` (null when cleared). */
export function DateFieldView({ field, state, onChange, onBlur, error }: FieldProps<DateField, string | null>) {
  return (
    <DateInputField
      granularity="day"
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
