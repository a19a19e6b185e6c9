/**
 * What a content field lets its editors write: the field's `options` as Keystatic spells them in the
 * config, read into one flat shape with every default filled in. The editor's schema, its commands,
 * its toolbar and the Markdoc reader all look features up here, so a feature that is off is absent
 * everywhere at once.
 */

export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

export const allHeadingLevels: readonly HeadingLevel[] = [1, 2, 3, 4, 5, 6];

/** Where images written into the content are stored (keystatic-formats.md §2.6). */
export type ImageOptions = {
  /** Site folder for image files (`<directory>/<slug>/<file>`); null: beside the content file. */
  directory: string | null;
  /** Prefix of the `src` written for an image in `directory`. */
  publicPath: string | null;
  /** `slug`: an uploaded file's name is made a slug (`My Photo 1.png` → `my-photo-1.png`); null: kept as uploaded. */
  transformFilename: 'slug' | null;
};

export type EditorOptions = {
  bold: boolean;
  italic: boolean;
  strikethrough: boolean;
  code: boolean;
  underline: boolean;
  superscript: boolean;
  subscript: boolean;
  keyboard: boolean;
  /** Paragraph and heading alignment (start, and those of `alignTo`). */
  alignment: boolean;
  /** With `alignment`, the alignments offered besides the start (a document field may offer one). */
  alignTo: readonly ('center' | 'end')[];
  /** Allowed heading levels, ascending; empty: no headings. */
  heading: readonly HeadingLevel[];
  blockquote: boolean;
  orderedList: boolean;
  unorderedList: boolean;
  codeBlock: boolean;
  divider: boolean;
  link: boolean;
  table: boolean;
  image: ImageOptions | null;
  /**
   * The column layouts writers may choose, as relative widths (`[[1, 1], [2, 1]]`); empty: no
   * layouts. Only the legacy document field has them.
   */
  layouts: readonly (readonly number[])[];
};

/**
 * Keystatic's markdoc and mdx fields: everything on except the marks and alignment that only its
 * legacy document field had (they have no Markdown syntax of their own).
 */
export const defaultEditorOptions: EditorOptions = {
  bold: true,
  italic: true,
  strikethrough: true,
  code: true,
  underline: false,
  superscript: false,
  subscript: false,
  keyboard: false,
  alignment: false,
  alignTo: ['center', 'end'],
  heading: allHeadingLevels,
  blockquote: true,
  orderedList: true,
  unorderedList: true,
  codeBlock: true,
  divider: true,
  link: true,
  table: true,
  image: { directory: null, publicPath: null, transformFilename: null },
  layouts: [],
};

type BooleanOption = {
  [K in keyof EditorOptions]: EditorOptions[K] extends boolean ? K : never;
}[keyof EditorOptions];

const booleanOptions: readonly BooleanOption[] = [
  'bold',
  'italic',
  'strikethrough',
  'code',
  'underline',
  'superscript',
  'subscript',
  'keyboard',
  'alignment',
  'blockquote',
  'orderedList',
  'unorderedList',
  'codeBlock',
  'divider',
  'link',
  'table',
];

/**
 * Reads a field's `options` (`{ bold: false, heading: [1, 2], image: { directory } }`); anything not
 * given keeps its default, and a value of the wrong shape is ignored rather than failing the field,
 * because the server has already checked the config.
 */
export function readEditorOptions(raw: unknown): EditorOptions {
  const options: EditorOptions = { ...defaultEditorOptions };
  if (typeof raw !== 'object' || raw === null) return options;
  const given = raw as Record<string, unknown>;
  for (const key of booleanOptions) {
    if (typeof given[key] === 'boolean') options[key] = given[key];
  }
  if (Array.isArray(given.alignTo)) options.alignTo = (['center', 'end'] as const).filter((align) => (given.alignTo as unknown[]).includes(align));
  options.heading = readHeading(given.heading);
  options.image = readImage(given.image);
  options.layouts = readLayouts(given.layouts);
  return options;
}

function readHeading(raw: unknown): readonly HeadingLevel[] {
  if (raw === false) return [];
  const levels = Array.isArray(raw)
    ? raw
    : typeof raw === 'object' && raw !== null && Array.isArray((raw as { levels?: unknown }).levels)
      ? (raw as { levels: unknown[] }).levels
      : null;
  if (levels === null) return allHeadingLevels;
  return allHeadingLevels.filter((level) => levels.includes(level));
}

function readLayouts(raw: unknown): readonly (readonly number[])[] {
  if (!Array.isArray(raw)) return [];
  return raw.filter(
    (layout): layout is number[] =>
      Array.isArray(layout) && layout.length > 0 && layout.every((ratio) => typeof ratio === 'number' && ratio > 0),
  );
}

function readImage(raw: unknown): ImageOptions | null {
  if (raw === false) return null;
  if (typeof raw !== 'object' || raw === null) return defaultEditorOptions.image;
  const { directory, publicPath, transformFilename } = raw as Record<string, unknown>;
  return {
    directory: typeof directory === 'string' ? directory : null,
    publicPath: typeof publicPath === 'string' ? publicPath : null,
    transformFilename: transformFilename === 'slug' ? 'slug' : null,
  };
}
