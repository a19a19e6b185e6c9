/**
 * A text input holding a number. What is typed is kept as typed (so "1." or "-" can be on the way to a
 * number); the state is the number it reads as, null when empty, NaN when it is not a number, which
 * validation then names.
 */
import { useState } from 'react';
import { TextInputField } from '../../ui/TextInputField';
import { readTypedNumber } from './rules';

type NumberInputProps = {
  label: string;
  description: string | null;
  value: number | null;
  onChange(value: number | null): void;
  onBlur(): void;
  error: string | null;
  isRequired: boolean;
  allowFraction: boolean;
};

export function NumberInput({ value, onChange, allowFraction, ...rest }: NumberInputProps) {
  const [draft, setDraft] = useState({ text: display(value), value });
  // The draft stands while it reads as the current state; a reset or other outside change replaces it.
  const text = sameNumber(draft.value, value) ? draft.text : display(value);
  return (
    <TextInputField
      {...rest}
      value={text}
      inputMode={allowFraction ? 'decimal' : 'numeric'}
      onChange={(next) => {
        const parsed = readTypedNumber(next);
        setDraft({ text: next, value: parsed });
        onChange(parsed);
      }}
    />
  );
}

function display(value: number | null): string {
  return value === null || Number.isNaN(value) ? '' : String(value);
}

function sameNumber(a: number | null, b: number | null): boolean {
  return Object.is(a, b);
}
