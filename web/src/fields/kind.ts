/** The contract every field kind's schema.ts fulfils: stored value ⇄ form state, and validation. */
import type { Field } from '../api/config';
import type { ExtraFile, FileRef, FolderAccept } from './extraFiles';

/**
 * A stored value of the wrong shape; the entry cannot be edited until the file is fixed. `path` leads
 * from the field to the value at fault (`['0', 'caption']` inside an array of objects).
 */
export class FieldParseError extends Error {
  override name = 'FieldParseError';
  readonly path: readonly string[];

  constructor(message: string, path: readonly string[] = []) {
    super(message);
    this.path = path;
  }
}

/** Runs a child's parse, putting the child's segment in front of the path of any error it throws. */
export function parseAt<T>(segment: string, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (!(error instanceof FieldParseError)) throw error;
    throw new FieldParseError(error.message, [segment, ...error.path]);
  }
}

export type DataFormat = 'yaml' | 'json';

/** A collection's glob: `*` keeps slugs to one folder name, `**` lets them nest folders. */
export type SlugGlob = '*' | '**';

/** What slug validation needs beyond the field: the collection's glob and the slugs already taken. */
export type SlugRules = { glob: SlugGlob; slugs: ReadonlySet<string> };

export type ValidationContext = { slugRules: SlugRules };

/** Slug rules outside a collection's slug field: no slashes, nothing taken. */
export const standaloneSlugRules: SlugRules = { glob: '*', slugs: new Set() };

export type ParseContext = {
  /** The collection entry's slug (undefined for singletons): asset names and folders include it. */
  slug: string | undefined;
  /** The field's prop path, as in SerializeContext: content fields below the top read their files by it. */
  path: readonly string[];
  /** The bytes of a file the entry refers to, or null when the site has no such file. */
  readFile(ref: FileRef): Uint8Array | null;
  /**
   * The files below a folder the entry refers to (a content field's images, its components' files),
   * by their path below it: only images, or every file.
   */
  readFolder(folder: FileRef, accept: FolderAccept): ReadonlyMap<string, Uint8Array>;
  /**
   * Texts the data file holds unquoted that look like timestamps but name no real time (read as
   * text; see lib/yaml.ts): a value kept as stored writes them back unquoted.
   */
  plainTimestampTexts: ReadonlySet<string>;
};

export type SerializeContext = {
  format: DataFormat;
  slug: string | undefined;
  /**
   * The field's prop path: object keys, array indexes (or the item's slug when the array has a
   * `slugField`), `value` inside conditionals. Asset files are named after it.
   */
  path: readonly string[];
  /** Adds a file the entry consists of besides its data file. */
  writeFile(file: ExtraFile): void;
  /**
   * True in a content component's props: an asset's file keeps its upload's name rather than taking
   * the prop path's, as Keystatic names them there (keystatic-formats.md §2.6).
   */
  keepUploadNames?: boolean;
};

export type FieldSchema<F extends Field, S> = {
  /** The state of a new entry. */
  defaultState(field: F): S;
  /** Reads a stored value; `undefined` means absent (a stored null reads as absent). Throws FieldParseError. */
  parse(field: F, value: unknown, context: ParseContext): S;
  /** The first failing rule's message (nested fields included), or null. */
  validate(field: F, state: S, context: ValidationContext): string | null;
  /** The value to store, or undefined to leave the key out of the file. */
  serialize(field: F, state: S, context: SerializeContext): unknown;
};

/** A child's parse or serialize context: the parent's, one segment deeper. */
export function childContext<C extends { path: readonly string[] }>(context: C, segment: string): C {
  return { ...context, path: [...context.path, segment] };
}
