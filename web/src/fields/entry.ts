/**
 * A whole entry: its form state ⇄ its files' text. Key order in the data file is schema order; content
 * fields go after the frontmatter (the format's content field) or into files of their own.
 */
import type { Format, Schema } from '../api/config';
import { joinFrontmatter, splitFrontmatter } from '../lib/frontmatter';
import { t } from '../lib/messages/format';
import { readData, writeData } from './dataFile';
import { FieldParseError, standaloneSlugRules } from './kind';
import type { ValidationContext } from './kind';
import type { Problem } from './problem';
import { isContentField, schemaFor } from './registry';
import { parseSlugFieldName, serializeSlugFieldName } from './slug/schema';
import type { SlugState } from './slug/schema';

/** What decides an entry's bytes. `slugField` is set for collections (its slug is the file name). */
export type EntryShape = { schema: Schema; format: Format; slugField: string | null };

/** Form state by field key. */
export type EntryState = Record<string, unknown>;

/** File text by role: the data file, and one file per content field stored outside it. */
export type EntryTexts = { data: string; content: Record<string, string> };

/** The text read from an entry's files; a content file that does not exist is left out. */
export type EntrySources = { data: string; content: Record<string, string | undefined> };

export type ParsedEntry = { ok: true; state: EntryState } | { ok: false; problems: Problem[] };

export function defaultEntryState(shape: EntryShape): EntryState {
  return Object.fromEntries(
    Object.entries(shape.schema).map(([key, field]) => [key, schemaFor(field).defaultState(field)]),
  );
}

export function serializeEntry(shape: EntryShape, state: EntryState): EntryTexts {
  const { schema, format, slugField } = shape;
  const value: Record<string, unknown> = {};
  const content: Record<string, string> = {};
  for (const [key, field] of Object.entries(schema)) {
    if (key === format.contentField) continue;
    if (isContentField(field)) {
      content[key] = String(state[key] ?? '');
      continue;
    }
    const stored =
      key === slugField && field.kind === 'slug'
        ? serializeSlugFieldName(state[key] as SlugState)
        : schemaFor(field).serialize(field, state[key], format.data);
    if (stored !== undefined) value[key] = stored;
  }
  const data = writeData(value, format.data);
  if (format.contentField === null) return { data, content };
  return { data: joinFrontmatter(data, String(state[format.contentField] ?? '')), content };
}

/**
 * Reads an entry's files into form state, or lists every problem that keeps it from opening: a file
 * that does not parse, a value of the wrong shape, a key the schema does not declare.
 * `slug` is the entry's slug when `shape.slugField` is set.
 */
export function parseEntry(shape: EntryShape, sources: EntrySources, dataPath: string, slug: string): ParsedEntry {
  const { schema, format, slugField } = shape;
  const split = format.contentField === null ? null : splitFrontmatter(sources.data);
  const read = readData(split?.data ?? sources.data, format.data, dataPath, split?.hasFrontmatter ? 1 : 0);
  if (!read.ok) return { ok: false, problems: [read.problem] };

  const problem = (field: string | null, message: string): Problem => ({
    path: dataPath,
    line: null,
    column: null,
    field,
    message,
  });
  // A stored null (or an empty file) reads as absent.
  const data = read.value ?? {};
  if (typeof data !== 'object' || Array.isArray(data) || data instanceof Date) {
    return { ok: false, problems: [problem(null, t('value.mustBeObject'))] };
  }
  const stored = data as Record<string, unknown>;
  const unknownKeys = Object.keys(stored).filter((key) => !Object.hasOwn(schema, key));
  if (unknownKeys.length > 0) {
    return { ok: false, problems: unknownKeys.map((key) => problem(null, t('value.unknownKey', { key }))) };
  }

  const state: EntryState = {};
  const problems: Problem[] = [];
  for (const [key, field] of Object.entries(schema)) {
    if (key === format.contentField) {
      state[key] = split?.content ?? '';
      continue;
    }
    if (isContentField(field)) {
      state[key] = sources.content[key] ?? '';
      continue;
    }
    const value = stored[key] ?? undefined;
    try {
      state[key] =
        key === slugField && field.kind === 'slug'
          ? parseSlugFieldName(field, value, slug)
          : schemaFor(field).parse(field, value);
    } catch (error) {
      if (!(error instanceof FieldParseError)) throw error;
      problems.push(problem(key, error.message));
    }
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, state };
}

/** The first validation message of each field that fails, by field key. */
export function validateEntry(
  shape: EntryShape,
  state: EntryState,
  context: ValidationContext,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [key, field] of Object.entries(shape.schema)) {
    // Slug fields outside the collection's slug field are not file names, so no collection rules apply.
    const fieldContext = field.kind === 'slug' && key !== shape.slugField ? { slugRules: standaloneSlugRules } : context;
    const message = schemaFor(field).validate(field, state[key], fieldContext);
    if (message !== null) errors[key] = message;
  }
  return errors;
}

/** The slug of a collection entry's state (its slug field's slug part). */
export function entrySlug(shape: EntryShape, state: EntryState): string {
  if (shape.slugField === null) return '';
  return (state[shape.slugField] as SlugState | undefined)?.slug ?? '';
}
