import type { SelectField } from '../../api/config';
import { SelectField as SelectInput } from '../../ui/SelectField';
import type { FieldProps } from '../FieldProps';

export function SelectFieldView({ field, state, onChange, onBlur }: FieldProps<SelectField, string>) {
  return (
    <SelectInput
      label={field.label}
      description={field.description}
      options={field.options}
      value={state}
      onChange={onChange}
      onBlur={onBlur}
    />
  );
}
