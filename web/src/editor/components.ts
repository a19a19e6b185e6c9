/**
 * Content components: the site's own Markdoc tags (or MDX elements) that editors insert into rich
 * text, as the editor works with them. Their config (api/config.ts's `ContentComponent`, props as
 * fields of the content model) becomes an `EditorComponent` in the content field, which adds a props
 * codec built from the field kinds' own schemas. The editor never looks inside props: it keeps them
 * as opaque values on nodes and hands them to the codec to read, write and check.
 */
import type { HeadingLevel } from './options';

/**
 * `inlineWrapper` holds one paragraph, written as the tag's inline content (`{% tag %}text{% /tag %}`):
 * a document field's component block with an inline child field. `regions` holds one region per
 * child field of a component block that has several, in order: each region is a component of its
 * own (a wrapper or an inline wrapper with `region` set), written as Keystatic writes it,
 * `{% component-block-prop propPath=["content"] %}…` or `{% component-inline-prop … %}`.
 */
export type ContentComponentKind = 'block' | 'wrapper' | 'inlineWrapper' | 'inline' | 'repeating' | 'regions' | 'mark';

/** The tag Keystatic writes for a region: a block child field's, or an inline one's. */
export function regionTag(kind: ContentComponentKind): string {
  return kind === 'inlineWrapper' ? 'component-inline-prop' : 'component-block-prop';
}

/** Props stored on a node: the field kinds' form states, one per prop key. */
export type PropsValue = Readonly<Record<string, unknown>>;

/**
 * A file beside the content that a component's file or image prop names, by its folder: `directory`
 * null is the content's own folder (`<entry dir>/<field key>/`), else the prop's `directory` (below
 * it, a collection entry's slug folder), as Keystatic stores them (keystatic-formats.md §2.6).
 */
export type PropFile = { directory: string | null; filename: string };

/** Where props read their files from, for the entry's slug (which props' addresses may name). */
export type PropFiles = { slug: string | undefined; read(file: PropFile): Uint8Array | null };

/** Where props write their files to. */
export type PropFileSink = { slug: string | undefined; write(file: PropFile & { contents: Uint8Array }): void };

/** No files: props name addresses only (a value read without its entry, a summary). */
export const noPropFiles: PropFiles & PropFileSink = { slug: undefined, read: () => null, write: () => {} };

/** Reads, writes and checks a component's props; built outside the editor from the field kinds. */
export type PropsCodec = {
  /** The props of a component inserted fresh. */
  defaultValue(): PropsValue;
  /** Tag attributes → props, with the files they name. Throws an Error whose message says what is wrong. */
  parse(attributes: Readonly<Record<string, unknown>>, files: PropFiles): PropsValue;
  /**
   * Props → tag attributes, in schema order, with empty values left out as Keystatic does; the files
   * they name go to `files`.
   */
  serialize(value: PropsValue, files: PropFileSink): Record<string, unknown>;
  /** The first problem of the props, or null. */
  validate(value: PropsValue): string | null;
  /** What the schema calls the prop `key` (its field's label), for showing it. */
  label(key: string): string;
};

/**
 * Whether a component takes an image file pasted or dropped into the text: the component's name,
 * and its props once they are ready (an upload done; a rejection means the taker said why). Null
 * leaves the file to the editor's own images.
 */
export type TakeFile = (file: File) => { component: string; props: Promise<PropsValue> } | null;

export type EditorComponent = {
  /** The tag name. */
  name: string;
  kind: ContentComponentKind;
  label: string;
  description: string | null;
  forSpecificLocations: boolean;
  /** A button of its own in the toolbar, rather than an item of the Insert menu. */
  toolbar: boolean;
  /** Repeating: the components it repeats; regions: its regions' components, in order. */
  children: readonly string[];
  /** Repeating only. */
  min: number;
  max: number | null;
  /** Shown in the component's content while it is empty. */
  placeholder: string | null;
  /**
   * A region of a `regions` component: the child field's path below the block's schema (its
   * `propPath`: `["content"]`, or `["meta", "body"]` inside an object), written as its tag.
   */
  region?: readonly string[];
  /** A component block's child field (wrappers): heading levels of its own, narrower than its field's. */
  headingLevels?: readonly HeadingLevel[];
  /** Whether the component has props to edit (an Edit button and dialog). */
  hasProps: boolean;
  props: PropsCodec;
  /**
   * Keystatic's cloud image block (props `src`, `alt`, `height`, `width`): shown as its image, and
   * what an image file pasted or dropped into the text becomes when the content field uploads it.
   */
  cloudImage: boolean;
  /** Marks only: the element and class it shows as (the config checked the element is text-level). */
  tag?: string | null;
  className?: string | null;
  /** Marks only: the inline style it shows with (`background-color: yellow`), checked by the server. */
  style?: string | null;
};
