import type { IntegerField } from '../../api/config';
import type { FieldProps } from '../FieldProps';
import { NumberInput } from '../number/NumberInput';

export function IntegerFieldView({ field, state, onChange, onBlur, error }: FieldProps<IntegerField, number | null>) {
  return (
    <NumberInput
      label={field.label}
      description={field.description}
      value={state}
      onChange={onChange}
      onBlur={onBlur}
      error={error}
      isRequired={field.validation.isRequired}
      allowFraction={false}
    />
  );
}
