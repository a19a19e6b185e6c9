/**
 * Fields and formats as the server normalizes them, read from vectors/config/normalized.json (written
 * by crates/server/tests/config_wire.rs), so that tests state only the options a case is about and
 * never hold a copy of the server's defaults.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Field, Format, Schema } from '../src/api/config';

type Fragment = Record<string, unknown>;

const file = join(import.meta.dirname, '../../vectors/config/normalized.json');
const normalized = JSON.parse(readFileSync(file, 'utf8')) as { fields: Record<string, Field>; formats: Record<string, Format> };

/**
 * The fragment's JSON with every object's keys sorted at every depth, compact: the key the server
 * writes. Keys sort by their UTF-8 bytes, as Rust's BTreeMap orders them.
 */
export function canonical(value: unknown): string {
  return JSON.stringify(sorted(value));
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value === null || typeof value !== 'object') return value;
  const keys = Object.keys(value).sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  return Object.fromEntries(keys.map((key) => [key, sorted((value as Fragment)[key])]));
}

function lookUp<T>(table: Record<string, T>, fragment: unknown): T {
  const key = canonical(fragment);
  const found = table[key];
  if (found === undefined) {
    throw new Error(
      `${key} is not normalized: add it to vectors/config/fragments.json and run QUIRE_BLESS=1 cargo test -p server --test config_wire`,
    );
  }
  // A copy, so that a test that changes its field leaves the next test's alone.
  return structuredClone(found);
}

export function normalizeField(fragment: Fragment): Field {
  return lookUp(normalized.fields, fragment);
}

export function normalizeSchema(schema: Record<string, Fragment>): Schema {
  return Object.fromEntries(Object.entries(schema).map(([key, fragment]) => [key, normalizeField(fragment)]));
}

/** An absent format is the fragment `{}`. */
export function normalizeFormat(format: Partial<Format> | undefined): Format {
  return lookUp(normalized.formats, format ?? {});
}
