/** Item counts of arrays, blocks and multi-relationships. */
import { t } from '../lib/messages/format';
import { FieldParseError } from './kind';

export type LengthRule = { min: number; max: number | null };

export function validateLength(count: number, { min, max }: LengthRule): string | null {
  if (count < min) return t('length.min', { min });
  if (max !== null && count > max) return t('length.max', { max });
  return null;
}

/** A stored sequence; throws when the value is something else. */
export function readSequence(value: unknown): unknown[] {
  if (!Array.isArray(value)) throw new FieldParseError(t('value.mustBeArray'));
  return value;
}
