/**
 * A labelled number input for whole numbers: a typed fraction is accepted and handed over as typed,
 * for the caller to round; NaN when empty.
 */
import { Input, Label, NumberField } from 'react-aria-components';

export function WholeNumberField(props: {
  label: string;
  value: number | null;
  onChange(value: number): void;
  onBlur?(): void;
}) {
  const { label, value, onChange, onBlur } = props;
  return (
    <NumberField
      className="field"
      value={value ?? Number.NaN}
      onChange={onChange}
      onBlur={onBlur}
      minValue={0}
      formatOptions={{ maximumFractionDigits: 6, useGrouping: false }}
    >
      <Label className="field-label">{label}</Label>
      <div className="field-row">
        <Input className="input" />
      </div>
    </NumberField>
  );
}
