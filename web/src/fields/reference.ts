/** Single references (relationship, path reference): a stored string, or null when absent. */
import { t } from '../lib/messages/format';
import { FieldParseError } from './kind';

export function readReference(value: unknown): string | null {
  if (value === undefined) return null;
  if (typeof value !== 'string') throw new FieldParseError(t('value.mustBeString'));
  return value;
}

export function validateReference(label: string, isRequired: boolean, state: string | null): string | null {
  return state === null && isRequired ? t('field.required', { label }) : null;
}
