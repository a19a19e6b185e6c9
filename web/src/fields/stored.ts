/**
 * Stored values that a field cannot hold. A scalar stored where the field's own kind of scalar
 * belongs (`'12'` in an integer field, `no` in a checkbox, an option that is not one, `2024-13-45` in
 * a date field) is kept as it was read: the form opens with the field's message and the stored text
 * beside the emptied control, validation refuses the save, and the value is written back unchanged
 * until the editor sets the field. Nothing is guessed from it. A mapping or a list in its place has
 * the wrong shape: the entry does not open (FieldParseError). The Rust gate makes the same split
 * (`is_shape` of crates/content/src/validate/fault.rs, decided in each kind of crates/content/src/kinds/).
 */
import { timestampSource, writtenPlain } from '../lib/yaml';
import { FieldParseError } from './kind';
import type { ParseContext } from './kind';

export class StoredValue {
  constructor(
    /** What a save writes back: the value as read, so that the file keeps its bytes. */
    readonly value: unknown,
    /** The value as the file has it, shown beside the field. */
    readonly text: string,
    /** The field's message, which validation answers until the field is set. */
    readonly message: string,
  ) {}
}

export type Scalar = string | number | boolean | Date;

export function isScalar(value: unknown): value is Scalar {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date;
}

/**
 * Keeps a stored scalar that the field cannot hold, with the field's message; throws that message
 * as a FieldParseError for a mapping or a list.
 */
export function keepStored(value: unknown, message: string, context: ParseContext): StoredValue {
  if (!isScalar(value)) throw new FieldParseError(message);
  const text = value instanceof Date ? timestampSource(value) : String(value);
  return new StoredValue(asRead(value, context), text, message);
}

/**
 * The value to write back for one read from the data file, so that js-yaml writes what was read:
 * timestamps as they were written (not as a full ISO time) and plain timestamp-shaped texts that name
 * no real time unquoted, as they were. Lists and mappings are copied with their items restored.
 */
export function asRead(value: unknown, context: ParseContext): unknown {
  if (value instanceof Date) return writtenPlain(timestampSource(value));
  if (typeof value === 'string') return context.plainTimestampTexts.has(value) ? writtenPlain(value) : value;
  if (Array.isArray(value)) return value.map((item: unknown) => asRead(item, context));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, asRead(item, context)]));
  }
  return value;
}

/** The first value kept as stored inside a field's state (items, object fields, a chosen value). */
export function firstStoredValue(state: unknown): StoredValue | null {
  if (state instanceof StoredValue) return state;
  // Form states nest plain objects and arrays only; anything else (bytes, maps) holds no field.
  const isPlain = typeof state === 'object' && state !== null && Object.getPrototypeOf(state) === Object.prototype;
  const children: unknown[] = Array.isArray(state) ? state : isPlain ? Object.values(state) : [];
  for (const child of children) {
    const found = firstStoredValue(child);
    if (found !== null) return found;
  }
  return null;
}
