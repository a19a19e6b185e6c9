/**
 * The site configuration as `GET /api/keystatic/v1/config` serves it: `quire.yaml` checked and
 * normalized by the server (crates/content/src/config), with every default filled in. Key order of
 * `collections`, `singletons` and every `schema` is the order of the file (schema order is the key
 * order of written files).
 *
 * A normalized config is itself valid `quire.yaml` input, so vectors can use these shapes on both sides.
 */

export type Config = {
  storage: Storage;
  ui: { brand: Brand; navigation: NavGroup[] };
  collections: Record<string, Collection>;
  singletons: Record<string, Singleton>;
};

/**
 * Where content lives. `local`: the site's folder, no branches. `git`: branches of a repository on
 * the server's disk; `branchPrefix` starts the names of branches created in the admin, and
 * `protected` branches take changes only through pull requests.
 */
export type Storage = { kind: 'local' } | { kind: 'git'; branchPrefix: string | null; protected: string[] };

export type Brand = { name: string; mark: string | null };

/** A sidebar section. `label` is null for an ungrouped (flat) navigation list. */
export type NavGroup = { label: string | null; items: NavItem[] };
export type NavItem =
  | { kind: 'collection'; key: string }
  | { kind: 'singleton'; key: string }
  | { kind: 'divider' };

export type Format = {
  data: 'yaml' | 'json';
  /** Key of the top-level content field stored after the frontmatter, or null. */
  contentField: string | null;
};

export type EntryLayout = 'form' | 'content';

export type Collection = {
  label: string;
  /** As configured: contains `/*` or `/**`. */
  path: string;
  slugField: string;
  format: Format;
  entryLayout: EntryLayout;
  /** Field keys shown as list columns; empty means one column with the slug. */
  columns: string[];
  previewUrl: string | null;
  template: string | null;
  schema: Schema;
};

export type Singleton = {
  label: string;
  /** As configured (defaults to the key); never contains `*`. */
  path: string;
  format: Format;
  entryLayout: EntryLayout;
  previewUrl: string | null;
  schema: Schema;
};

export type Schema = Record<string, Field>;

type Common = { label: string; description: string | null };

export type TextValidation = {
  isRequired: boolean;
  /** min is already raised to 1 when isRequired is set. */
  length: { min: number; max: number | null };
  pattern: { regex: string; message: string | null } | null;
};

export type TextField = Common & {
  kind: 'text';
  multiline: boolean;
  defaultValue: string;
  validation: TextValidation;
};

export type SlugField = Common & {
  kind: 'slug';
  /** The name part; `label` of the field is the name's label. */
  name: { defaultValue: string; validation: TextValidation };
  slug: { label: string; description: string | null; validation: TextValidation };
};

export type IntegerField = Common & {
  kind: 'integer';
  defaultValue: number | null;
  validation: { isRequired: boolean; min: number | null; max: number | null };
};

export type NumberField = Common & {
  kind: 'number';
  defaultValue: number | null;
  step: number | null;
  validation: { isRequired: boolean; min: number | null; max: number | null; step: boolean };
};

export type CheckboxField = Common & { kind: 'checkbox'; defaultValue: boolean };

export type SelectField = Common & {
  kind: 'select';
  options: { label: string; value: string }[];
  /** Always one of the options' values (the first option when not configured). */
  defaultValue: string;
};

export type DateField = Common & {
  kind: 'date';
  /** `YYYY-MM-DD`, `{ kind: 'today' }` or null. */
  defaultValue: string | { kind: 'today' } | null;
  validation: { isRequired: boolean; min: string | null; max: string | null };
};

export type DatetimeField = Common & {
  kind: 'datetime';
  /** `YYYY-MM-DDTHH:mm`, `{ kind: 'now' }` or null. */
  defaultValue: string | { kind: 'now' } | null;
  validation: { isRequired: boolean; min: string | null; max: string | null };
};

export type UrlField = Common & {
  kind: 'url';
  defaultValue: string | null;
  validation: { isRequired: boolean };
};

/**
 * Rich-text content fields. `document` is Keystatic's legacy document field: Markdoc, whose features
 * the server has read into the options a markdoc field spells out.
 */
export type ContentField = Common & {
  kind: 'markdoc' | 'mdx' | 'document';
  extension: 'mdoc' | 'mdx' | 'md';
  /** The editor's features as Keystatic names them (`{ bold: false, heading: [1, 2] }`); editor/options.ts reads them. */
  options?: unknown;
  /** Content components by tag name. */
  components?: Record<string, ContentComponent>;
};

/** A content component (its key is the tag name); its props are fields of the content model. */
export type ContentComponent = {
  /** `inlineWrapper`: a block holding one line of text (a document field's inline child field). */
  kind: 'block' | 'wrapper' | 'inlineWrapper' | 'inline' | 'repeating' | 'mark';
  label: string;
  description: string | null;
  /** Props in the order they are written as tag attributes. */
  schema: Record<string, Field>;
  /** Only as a child of a repeating component (blocks and wrappers). */
  forSpecificLocations: boolean;
  /** Repeating only: the tags its children may be. */
  children: string[];
  /** Repeating only: how many children it holds. */
  validation: { children: { min: number; max: number | null } };
  /** Shown in the component's content while it is empty. */
  placeholder: string | null;
};

export type MultiselectField = Common & {
  kind: 'multiselect';
  options: { label: string; value: string }[];
  /** Values of options, in option order. */
  defaultValue: string[];
};

/** Where asset fields (file, image) keep their files; see keystatic-formats.md §2.5. */
export type AssetField = Common & {
  kind: 'file' | 'image';
  /** `<directory>/<slug>/<filename>` (collections) or `<directory>/<filename>` (singletons); null: the entry's folder. */
  directory: string | null;
  /** Prefix of the stored string (`<publicPath>/<slug>/<filename>`); null: the bare file name. */
  publicPath: string | null;
  validation: { isRequired: boolean };
};

export type CloudImageField = Common & { kind: 'cloudImage'; validation: { isRequired: boolean } };

export type RelationshipField = Common & {
  kind: 'relationship';
  /** Key of the collection whose slugs are the choices. */
  collection: string;
  validation: { isRequired: boolean };
};

export type MultiRelationshipField = Common & {
  kind: 'multiRelationship';
  collection: string;
  validation: { length: { min: number; max: number | null } };
};

export type PathReferenceField = Common & {
  kind: 'pathReference';
  /** A glob over the site's files (`*` within a segment, `**` across segments); null: any file. */
  pattern: string | null;
  validation: { isRequired: boolean };
};

export type ArrayField = Common & {
  kind: 'array';
  element: Field;
  /**
   * How an item is named in the list: a template whose `{path}` parts are the item's values by
   * field path (`{name}`, `{link.discriminant}`; `{}` is the item itself, for arrays of text). Null:
   * "Item N". Keystatic's `itemLabel` function becomes this template.
   */
  itemLabel: string | null;
  /** A field of the element whose slug names the item's asset folders instead of its index. */
  slugField: string | null;
  validation: { length: { min: number; max: number | null } };
};

export type BlocksField = Common & {
  kind: 'blocks';
  /** Block kinds in order; each stores `{ discriminant: key, value }`. */
  blocks: Record<string, { label: string; schema: Field; itemLabel: string | null }>;
  validation: { length: { min: number; max: number | null } };
};

export type ConditionalField = Common & {
  kind: 'conditional';
  /** A select (values are its option values) or a checkbox (values `true` and `false`). */
  discriminant: SelectField | CheckboxField;
  values: Record<string, Field>;
};

export type ObjectField = Common & {
  kind: 'object';
  fields: Schema;
  /** Column spans on a 12-column grid, one per field; null: one field per row. */
  layout: number[] | null;
};

export type EmptyField = Common & { kind: 'empty' };

/** The stored value passes through untouched. */
export type IgnoredField = Common & { kind: 'ignored' };

/** A kind the admin knows by name but cannot edit yet; `options` are kept as configured. */
export type UnsupportedField = Common & { kind: UnsupportedKind; options: Record<string, unknown> };

export type UnsupportedKind = 'emptyContent' | 'emptyDocument' | 'child';

export type Field =
  | TextField
  | SlugField
  | IntegerField
  | NumberField
  | CheckboxField
  | SelectField
  | DateField
  | DatetimeField
  | UrlField
  | ContentField
  | MultiselectField
  | AssetField
  | CloudImageField
  | RelationshipField
  | MultiRelationshipField
  | PathReferenceField
  | ArrayField
  | BlocksField
  | ConditionalField
  | ObjectField
  | EmptyField
  | IgnoredField
  | UnsupportedField;
