import type { CheckboxField } from '../../api/config';
import { CheckboxField as CheckboxInput } from '../../ui/CheckboxField';
import type { FieldProps } from '../FieldProps';

export function CheckboxFieldView({ field, state, onChange, onBlur }: FieldProps<CheckboxField, boolean>) {
  return (
    <CheckboxInput
      label={field.label}
      description={field.description}
      isSelected={state}
      onChange={onChange}
      onBlur={onBlur}
    />
  );
}
