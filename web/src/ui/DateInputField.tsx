/**
 * A labelled date, or date and time, typed in segments in the admin's language (its order,
 * separators and clock, as react-aria's date fields follow the locale around them), read and
 * written as the fields store them: `YYYY-MM-DD`, `YYYY-MM-DDTHH:mm`, or null when empty.
 */
import { parseDate, parseDateTime } from '@internationalized/date';
import type { CalendarDate, CalendarDateTime } from '@internationalized/date';
import { DateField, DateInput, DateSegment } from 'react-aria-components';
import { FieldHeader, FieldMessage } from './FieldParts';

type DateInputFieldProps = {
  label: string;
  description?: string | null;
  /** `day`: a date; `minute`: a date and a time. */
  granularity: 'day' | 'minute';
  value: string | null;
  onChange(value: string | null): void;
  onBlur?(): void;
  error?: string | null;
  isRequired?: boolean;
};

export function DateInputField({ label, description, granularity, value, onChange, onBlur, error, isRequired }: DateInputFieldProps) {
  return (
    <DateField<CalendarDate | CalendarDateTime>
      className="field"
      granularity={granularity}
      value={parsed(value, granularity)}
      onChange={(next) => onChange(next === null ? null : next.toString().slice(0, granularity === 'day' ? 10 : 16))}
      onBlur={onBlur}
      isInvalid={error != null}
      isRequired={isRequired}
      validationBehavior="aria"
      shouldForceLeadingZeros
    >
      <FieldHeader label={label} description={description} isRequired={isRequired} />
      <div className="field-row">
        <DateInput className="input date-input">{(segment) => <DateSegment segment={segment} className="date-segment" />}</DateInput>
      </div>
      <FieldMessage error={error} />
    </DateField>
  );
}

/** The stored text as a date value; null when empty or not a real day (the field then shows empty). */
function parsed(value: string | null, granularity: 'day' | 'minute'): CalendarDate | CalendarDateTime | null {
  if (value === null || value === '') return null;
  try {
    return granularity === 'day' ? parseDate(value) : parseDateTime(value);
  } catch {
    return null;
  }
}
