/** Single references (relationship, path reference): a stored string, or null when absent. */
import { t } from '../lib/messages/format';
import type { ParseContext } from './kind';
import { keepStored, StoredValue } from './stored';

export type ReferenceState = string | null | StoredValue;

export function readReference(value: unknown, context: ParseContext): ReferenceState {
  if (value === undefined) return null;
  if (typeof value !== 'string') return keepStored(value, t('value.mustBeString'), context);
  return value;
}

export function validateReference(label: string, isRequired: boolean, state: ReferenceState): string | null {
  if (state instanceof StoredValue) return state.message;
  // A stored '' names nothing, as an absent value: the gate says so too.
  return (state === null || state === '') && isRequired ? t('field.required', { label }) : null;
}

export function serializeReference(state: ReferenceState): unknown {
  return state instanceof StoredValue ? state.value : (state ?? undefined);
}
