/** The contract every field kind's schema.ts fulfils: stored value ⇄ form state, and validation. */
import type { Field } from '../api/config';
import type { SlugGlob } from '../lib/entryPaths';

/** A stored value of the wrong shape; the entry cannot be edited until the file is fixed. */
export class FieldParseError extends Error {
  override name = 'FieldParseError';
}

export type DataFormat = 'yaml' | 'json';

/** What slug validation needs beyond the field: the collection's glob and the slugs already taken. */
export type SlugRules = { glob: SlugGlob; slugs: ReadonlySet<string> };

export type ValidationContext = { slugRules: SlugRules };

/** Slug rules outside a collection's slug field: no slashes, nothing taken. */
export const standaloneSlugRules: SlugRules = { glob: '*', slugs: new Set() };

export type FieldSchema<F extends Field, S> = {
  /** The state of a new entry. */
  defaultState(field: F): S;
  /** Reads a stored value; `undefined` means absent (a stored null reads as absent). Throws FieldParseError. */
  parse(field: F, value: unknown): S;
  /** The first failing rule's message, or null. */
  validate(field: F, state: S, context: ValidationContext): string | null;
  /** The value to store, or undefined to leave the key out of the file. */
  serialize(field: F, state: S, format: DataFormat): unknown;
};
