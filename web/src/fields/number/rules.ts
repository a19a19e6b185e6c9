/** Rules shared by integer and number fields. */
import { t } from '../../lib/messages/format';
import type { ParseContext } from '../kind';
import { keepStored } from '../stored';
import type { StoredValue } from '../stored';

/** A stored number; anything else is kept as stored, never read as the number it may look like. */
export function parseNumber(value: unknown, context: ParseContext): number | StoredValue {
  if (typeof value !== 'number') return keepStored(value, t('value.mustBeNumber'), context);
  return value;
}

/**
 * The number typed text stands for: null when empty, NaN unless it is a decimal number (`Number()`
 * alone would read `0x1F` as 31, `0b11` as 3 and `Infinity` as a number, and save what the editor
 * never saw).
 */
export function readTypedNumber(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

export function validateRange(
  value: number,
  label: string,
  validation: { min: number | null; max: number | null },
): string | null {
  if (validation.min !== null && value < validation.min) return t('number.min', { label, min: validation.min });
  if (validation.max !== null && value > validation.max) return t('number.max', { label, max: validation.max });
  return null;
}

/**
 * Whether `value` is a multiple of `step`, compared in whole units of the finer of the two decimal
 * precisions so that binary fractions do not matter (0.3 is a multiple of 0.1).
 */
export function isMultipleOf(value: number, step: number): boolean {
  const scale = 10 ** Math.max(decimalPlaces(value), decimalPlaces(step));
  return Math.round(value * scale) % Math.round(step * scale) === 0;
}

function decimalPlaces(value: number): number {
  const [mantissa = '', exponent] = String(value).split('e');
  const fraction = mantissa.split('.')[1]?.length ?? 0;
  return Math.max(0, fraction - Number(exponent ?? 0));
}
