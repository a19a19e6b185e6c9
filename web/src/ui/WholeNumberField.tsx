/** A labelled input of a whole number (typed fractions round when the input is left); NaN when empty. */
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
      formatOptions={{ maximumFractionDigits: 0, useGrouping: false }}
    >
      <Label className="field-label">{label}</Label>
      <div className="field-row">
        <Input className="input" />
      </div>
    </NumberField>
  );
}
