import type { NumberField } from '../../api/config';
import type { FieldProps } from '../FieldProps';
import { NumberInput } from './NumberInput';

export function NumberFieldView({ field, state, onChange, onBlur, error }: FieldProps<NumberField, number | null>) {
  return (
    <NumberInput
      label={field.label}
      description={field.description}
      value={state}
      onChange={onChange}
      onBlur={onBlur}
      error={error}
      isRequired={field.validation.isRequired}
      allowFraction
    />
  );
}
