/** A labelled set of checkboxes, one per option; the value lists the checked options' values. */
import { Checkbox, CheckboxGroup } from 'react-aria-components';
import { FieldHeader } from './FieldParts';
import type { SelectOption } from './SelectField';

export function CheckboxGroupField(props: {
  label: string;
  description?: string | null;
  options: SelectOption[];
  value: string[];
  onChange(value: string[]): void;
  onBlur?(): void;
}) {
  const { label, description, options, value, onChange, onBlur } = props;
  return (
    <CheckboxGroup className="field checkbox-group" value={value} onChange={onChange} onBlur={onBlur}>
      <FieldHeader label={label} description={description} />
      <div className="checkbox-group-options">
        {options.map((option) => (
          <Checkbox key={option.value} className="checkbox" value={option.value}>
            <span className="checkbox-box" aria-hidden="true">
              <svg viewBox="0 0 18 18">
                <polyline points="3.5 9.5 7.5 13 14.5 5" />
              </svg>
            </span>
            <span className="checkbox-label">{option.label}</span>
          </Checkbox>
        ))}
      </div>
    </CheckboxGroup>
  );
}
