/**
 * Reading YAML as js-yaml 4 `load` does with its default schema, with one change: a plain scalar
 * shaped like a timestamp is a timestamp only when it names a real day and time. js-yaml builds its
 * dates with `Date.UTC`, which rolls an impossible day over into the next month (`2024-13-45` would
 * read as 2025-02-14) and reads the years 0000 to 0099 as 1900 to 1999; such a scalar is read here
 * as its text, and a real one as exactly the time it names. The Rust gate reads them the same way
 * (crates/content/src/timestamp.rs). Writing stays js-yaml `dump` with its default options.
 */
import { DEFAULT_SCHEMA, Type, load } from 'js-yaml';

// js-yaml's own patterns (lib/type/timestamp.js).
const DATE = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/;
const TIMESTAMP =
  /^([0-9]{4})-([0-9][0-9]?)-([0-9][0-9]?)(?:[Tt]|[ \t]+)([0-9][0-9]?):([0-9]{2}):([0-9]{2})(?:\.([0-9]*))?(?:[ \t]*(Z|([-+])([0-9][0-9]?)(?::([0-9]{2}))?))?$/;

/** Whether js-yaml's default schema reads `text`, written plain, as a timestamp. */
export function isTimestampShaped(text: string): boolean {
  return DATE.test(text) || TIMESTAMP.test(text);
}

/** The time a timestamp names, in milliseconds since 1970; null when it is not one or names no real time. */
export function timestampTime(text: string): number | null {
  const match = DATE.exec(text) ?? TIMESTAMP.exec(text);
  if (match === null) return null;
  const part = (index: number) => Number(match[index] ?? 0);
  const [year, month, day, hour, minute, second] = [part(1), part(2), part(3), part(4), part(5), part(6)];
  const millis = Number((match[7] ?? '').slice(0, 3).padEnd(3, '0'));
  const [zoneHour, zoneMinute] = [part(10), part(11)];
  if (hour > 23 || minute > 59 || second > 59 || zoneHour > 23 || zoneMinute > 59) return null;
  const date = new Date(0);
  // setUTCFullYear takes the year as written (Date.UTC would read 0024 as 1924).
  date.setUTCFullYear(year, month - 1, day);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  date.setUTCHours(hour, minute, second, millis);
  const offset = (zoneHour * 60 + zoneMinute) * 60_000;
  return date.getTime() - (match[9] === '-' ? -offset : offset);
}

/** The text each timestamp was read from, so that a value kept as read is written back as it was. */
const sources = new WeakMap<Date, string>();

/** Plain timestamp-shaped texts that name no real time, read as text during the current load. */
let refused: Set<string> | null = null;

const timestamp = new Type('tag:yaml.org,2002:timestamp', {
  kind: 'scalar',
  resolve(data: unknown) {
    if (typeof data !== 'string' || !isTimestampShaped(data)) return false;
    if (timestampTime(data) !== null) return true;
    refused?.add(data);
    return false;
  },
  construct(data: string) {
    const date = new Date(timestampTime(data) ?? Number.NaN);
    sources.set(date, data);
    return date;
  },
  instanceOf: Date,
  represent: (date: object) => (date as Date).toISOString(),
});

const schema = DEFAULT_SCHEMA.extend({ implicit: [timestamp] });

export type LoadedYaml = {
  value: unknown;
  /**
   * The texts the document holds as plain scalars shaped like timestamps that name no real time
   * (read as text). Written back plain, they keep their bytes (see `writtenPlain`).
   */
  plainTimestampTexts: ReadonlySet<string>;
};

/** Parses one YAML document; throws js-yaml's YAMLException as `load` does. */
export function loadYaml(text: string): LoadedYaml {
  const texts = new Set<string>();
  refused = texts;
  try {
    return { value: load(text, { schema }), plainTimestampTexts: texts };
  } finally {
    refused = null;
  }
}

/** The text a timestamp read by `loadYaml` was written as; another date's ISO string. */
export function timestampSource(date: Date): string {
  return sources.get(date) ?? date.toISOString();
}

/**
 * A value that js-yaml `dump` writes as `text`, unquoted: a Date answering `text` for its ISO string
 * (dump prints timestamps with toISOString and does not quote them). `text` must be timestamp-shaped.
 */
export function writtenPlain(text: string): Date {
  const date = new Date(timestampTime(text) ?? Number.NaN);
  date.toISOString = () => text;
  return date;
}
