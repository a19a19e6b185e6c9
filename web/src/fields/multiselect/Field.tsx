import type { MultiselectField } from '../../api/config';
import { CheckboxGroupField } from '../../ui/CheckboxGroupField';
import type { FieldProps } from '../FieldProps';

export function MultiselectFieldView({ field, state, onChange, onBlur }: FieldProps<MultiselectField, string[]>) {
  return (
    <CheckboxGroupField
      label={field.label}
      description={field.description}
      options={field.options}
      value={state}
      onChange={onChange}
      onBlur={onBlur}
    />
  );
}
