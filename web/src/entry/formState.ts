/**
 * A whole entry: its form state ⇄ its files by role. Key order in the data file is schema order;
 * content fields go after the frontmatter (the format's content field) or into files of their own;
 * asset fields add files named after their prop paths.
 */
import { readContent, writeContentFiles } from '../fields/content/images';
import type { ContentState } from '../fields/content/images';
import type { ExtraFile, FileRef, FolderAccept } from '../fields/extraFiles';
import { childContext, FieldParseError, standaloneSlugRules } from '../fields/kind';
import type { ParseContext, ValidationContext } from '../fields/kind';
import { isMapping, storedAt } from '../fields/mapping';
import { kindOf } from '../fields/registry';
import { isContentField } from '../fields/richText';
import { parseSlugFieldName, serializeSlugFieldName, validateSlug } from '../fields/slug/schema';
import type { SlugState } from '../fields/slug/schema';
import { joinFrontmatter, splitFrontmatter } from '../lib/frontmatter';
import { bodyField } from './bodyField';
import { t } from '../lib/messages/format';
import { readData, writeData } from './dataFile';
import type { Problem } from './problem';
import type { EntryShape } from './shape';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Form state by field key. */
export type EntryState = Record<string, unknown>;

/**
 * An entry's files by role: the data file, one file per content field stored outside it, and the
 * files of its asset fields.
 */
export type SerializedEntry = { data: string; content: Record<string, string>; files: ExtraFile[] };

/**
 * What was read of an entry's files; a content file that does not exist is left out. `readFile`
 * answers the bytes of the asset files the entry refers to, `readFolder` the files below a content
 * field's folders (its images', its components' files) by their path below it (none without them).
 */
export type EntrySources = {
  data: string;
  content: Record<string, string | undefined>;
  readFile?(ref: FileRef): Uint8Array | null;
  readFolder?(folder: FileRef, accept: FolderAccept): ReadonlyMap<string, Uint8Array>;
};

/**
 * The values read, or the problems that keep them from opening. `frontmatterMissing`: the format puts
 * the data in frontmatter and the file has none, so it all read as content (as Keystatic reads it).
 */
export type ParsedEntry = { ok: true; state: EntryState; frontmatterMissing: boolean } | { ok: false; problems: Problem[] };

export function defaultEntryState(shape: EntryShape): EntryState {
  return Object.fromEntries(
    Object.entries(shape.schema).map(([key, field]) => [key, kindOf(field).schema.defaultState(field)]),
  );
}

export function serializeEntry(shape: EntryShape, state: EntryState): SerializedEntry {
  const { schema, format, slugField } = shape;
  const bodyAt = bodyField(schema, format);
  const value: Record<string, unknown> = {};
  const content: Record<string, string> = {};
  const files: ExtraFile[] = [];
  const slug = slugField === null ? undefined : entrySlug(shape, state);
  let body: string | null = null;
  const writeFile = (file: ExtraFile) => {
    // A nested content field's own file is the body, when the format says so.
    if (file.directory === null && file.filename === bodyAt?.nestedFile) body = decoder.decode(file.contents);
    else files.push(file);
  };
  for (const [key, field] of Object.entries(schema)) {
    if (isContentField(field)) {
      // Image `src`s name the slug the entry has now (see fields/content/images.ts).
      const written = writeContentFiles(field, key, state[key] as ContentState, slug);
      for (const file of written.files) writeFile(file);
      if (key === bodyAt?.topKey) body = written.text;
      else content[key] = written.text;
      continue;
    }
    if (key === bodyAt?.topKey) continue;
    // A text slug field is the file's name alone: Keystatic never stores it.
    if (key === slugField && field.kind === 'text') continue;
    const stored =
      key === slugField && field.kind === 'slug'
        ? serializeSlugFieldName(state[key] as SlugState)
        : kindOf(field).schema.serialize(field, state[key], { format: format.data, slug, path: [key], writeFile });
    if (stored !== undefined) value[key] = stored;
  }
  const data = writeData(value, format.data);
  if (format.contentField === null) return { data, content, files };
  const text = body ?? (bodyAt?.topKey == null ? '' : bodyText(state[bodyAt.topKey]));
  return { data: joinFrontmatter(data, text), content, files };
}

/**
 * The text after the frontmatter: a content field's, or the plain string that the kinds the admin
 * cannot edit (the legacy document kinds) keep as their state.
 */
function bodyText(state: unknown): string {
  return typeof state === 'string' ? state : ((state as ContentState | undefined)?.text ?? '');
}

/**
 * Reads an entry's files into form state, or lists every problem that keeps it from opening: a file
 * that does not parse, a value of the wrong shape, a key the schema does not declare.
 * `slug` is the entry's slug when `shape.slugField` is set.
 */
export function parseEntry(shape: EntryShape, sources: EntrySources, dataPath: string, slug: string): ParsedEntry {
  const { schema, format, slugField } = shape;
  const bodyAt = bodyField(schema, format);
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
  const stored = read.value ?? {};
  if (!isMapping(stored)) return { ok: false, problems: [problem(null, t('value.mustBeObject'))] };
  const unknownKeys = Object.keys(stored).filter((key) => !Object.hasOwn(schema, key));
  if (unknownKeys.length > 0) {
    return { ok: false, problems: unknownKeys.map((key) => problem(null, t('value.unknownKey', { key }))) };
  }

  const readFile = sources.readFile ?? (() => null);
  const context: ParseContext = {
    slug: slugField === null ? undefined : slug,
    path: [],
    // A nested content field's own file is the body, when the format says so.
    readFile: (ref) =>
      ref.directory === null && ref.filename === bodyAt?.nestedFile ? encoder.encode(split?.content ?? '') : readFile(ref),
    readFolder: sources.readFolder ?? (() => new Map()),
    plainTimestampTexts: read.plainTimestampTexts,
  };
  const state: EntryState = {};
  const problems: Problem[] = [];
  for (const [key, field] of Object.entries(schema)) {
    if (isContentField(field)) {
      const text = key === bodyAt?.topKey ? (split?.content ?? '') : (sources.content[key] ?? '');
      state[key] = readContent(field, key, text, context.readFolder, context.slug);
      continue;
    }
    if (key === bodyAt?.topKey) {
      state[key] = split?.content ?? '';
      continue;
    }
    const value = storedAt(stored, key);
    try {
      state[key] =
        key === slugField && field.kind === 'slug'
          ? parseSlugFieldName(field, value, slug)
          : key === slugField && field.kind === 'text'
            ? slug
            : kindOf(field).schema.parse(field, value, childContext(context, key));
    } catch (error) {
      if (!(error instanceof FieldParseError)) throw error;
      // Nested values are named by their dotted path below the field (`gallery.0.caption`).
      problems.push(problem([key, ...error.path].join('.'), error.message));
    }
  }
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, state, frontmatterMissing: split !== null && !split.hasFrontmatter };
}

/** The first validation message of each field that fails, by field key. */
export function validateEntry(
  shape: EntryShape,
  state: EntryState,
  context: ValidationContext,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [key, field] of Object.entries(shape.schema)) {
    // Only the collection's slug field names a file: slugs anywhere else follow no collection rules.
    const fieldContext = key === shape.slugField ? context : { slugRules: standaloneSlugRules };
    const message =
      key === shape.slugField && field.kind === 'text'
        ? validateSlug(state[key] as string, field.label, field.validation, context.slugRules)
        : kindOf(field).schema.validate(field, state[key], fieldContext);
    if (message !== null) errors[key] = message;
  }
  return errors;
}

/** The slug of a collection entry's state: its slug field's slug part, or a text slug field's text. */
export function entrySlug(shape: EntryShape, state: EntryState): string {
  if (shape.slugField === null) return '';
  const value = state[shape.slugField] as SlugState | string | undefined;
  return typeof value === 'string' ? value : (value?.slug ?? '');
}

/** `state` with its slug field's slug replaced (the name stays): a pasted or duplicated entry gets a slug of its own. */
export function withSlug(shape: EntryShape, state: EntryState, slug: string): EntryState {
  if (shape.slugField === null) return state;
  const current = state[shape.slugField] as SlugState | string | undefined;
  if (typeof current === 'string' || shape.schema[shape.slugField]?.kind === 'text') return { ...state, [shape.slugField]: slug };
  return { ...state, [shape.slugField]: { name: current?.name ?? '', slug } };
}
