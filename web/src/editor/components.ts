/**
 * Content components: the site's own Markdoc tags (or MDX elements) that editors insert into rich
 * text. Two shapes live here.
 *
 * `ContentComponentConfig` is the PROPOSED config shape for `components` of a markdoc or mdx field
 * (today `quire.yaml` lists names only). It is written over the field type `F` so that
 * `web/src/api/config.ts` can adopt it as `ContentComponentConfig<Field>`: the props schema uses the
 * same field kinds as entries. Example:
 *
 * ```yaml
 * components:
 *   aside: { kind: wrapper, label: Aside, schema: { icon: { kind: text, label: Icon } } }
 *   layout:
 *     kind: repeating
 *     label: Layout
 *     children: [layout-area]
 *     validation: { children: { min: 2, max: 2 } }
 *   layout-area: { kind: wrapper, label: Layout area, forSpecificLocations: true }
 * ```
 *
 * `EditorComponent` is what the editor works with: the same facts plus a props codec, which the
 * content field builds from the field kinds' own schemas. The editor never looks inside props: it
 * keeps them as opaque values on nodes and hands them to the codec to read, write and check.
 */

export type ContentComponentKind = 'block' | 'wrapper' | 'inline' | 'repeating' | 'mark';

/** The proposed config of one component (key: the tag name). */
export type ContentComponentConfig<F> = {
  kind: ContentComponentKind;
  label: string;
  description: string | null;
  /** Props in the order they are written as tag attributes. */
  schema: Record<string, F>;
  /**
   * Only as a child of a repeating component (never in the document flow, the toolbar or the
   * insert menu). Blocks and wrappers only.
   */
  forSpecificLocations: boolean;
  /** Repeating only: the tags its children may be. */
  children: string[];
  /** Repeating only: how many children it holds. */
  validation: { children: { min: number; max: number | null } };
};

/** Props stored on a node: the field kinds' form states, one per prop key. */
export type PropsValue = Readonly<Record<string, unknown>>;

/** Reads, writes and checks a component's props; built outside the editor from the field kinds. */
export type PropsCodec = {
  /** The props of a component inserted fresh. */
  defaultValue(): PropsValue;
  /** Tag attributes → props. Throws an Error whose message says what is wrong. */
  parse(attributes: Readonly<Record<string, unknown>>): PropsValue;
  /** Props → tag attributes, in schema order, with empty values left out as Keystatic does. */
  serialize(value: PropsValue): Record<string, unknown>;
  /** The first problem of the props, or null. */
  validate(value: PropsValue): string | null;
};

export type EditorComponent = {
  /** The tag name. */
  name: string;
  kind: ContentComponentKind;
  label: string;
  description: string | null;
  forSpecificLocations: boolean;
  /** Repeating only. */
  children: readonly string[];
  /** Repeating only. */
  min: number;
  max: number | null;
  /** Whether the component has props to edit (an Edit button and dialog). */
  hasProps: boolean;
  props: PropsCodec;
};
