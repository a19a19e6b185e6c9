/** Stored mappings (objects, conditionals, cloud images, the data file itself): shape and allowed keys. */
import { t } from '../lib/messages/format';
import { FieldParseError } from './kind';

/** A plain mapping: not null, an array or a date (js-yaml reads timestamps as dates). */
export function isMapping(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

/** Reads a mapping that may hold only the `allowed` keys; throws the first problem. */
export function readMapping(value: unknown, allowed: readonly string[]): Record<string, unknown> {
  if (!isMapping(value)) throw new FieldParseError(t('value.mustBeObject'));
  const unknown = Object.keys(value).find((key) => !allowed.includes(key));
  if (unknown !== undefined) throw new FieldParseError(t('value.unknownKey', { key: unknown }));
  return value;
}

/** The stored value under `key`, with a stored null read as absent. */
export function storedAt(mapping: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(mapping, key) ? (mapping[key] ?? undefined) : undefined;
}
