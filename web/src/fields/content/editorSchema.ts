/**
 * The editor schema of a content field: its `options` and `components` as the server serves them,
 * with each component's props read and written by the field kinds, as `kindOf` gives them. Made once
 * per field: there is one table of kinds.
 */
import type { ComponentRegion, ContentComponent, ContentField, Field } from '../../api/config';
import type { EditorComponent } from '../../editor/components';
import { readEditorOptions } from '../../editor/options';
import type { HeadingLevel } from '../../editor/options';
import { createEditorSchema } from '../../editor/schema/createSchema';
import type { EditorSchema } from '../../editor/schema/createSchema';
import type { KindOf } from '../kindEntry';
import type { ImageText, ImageTextInput } from '../../editor/image/imageText';
import { standaloneSlugRules } from '../kind';
import { propsCodec } from './componentProps';
import { nodePropSchemas } from './propSchemas';

export function editorComponents(components: Record<string, ContentComponent>, kindOf: KindOf): EditorComponent[] {
  return Object.entries(components).flatMap(([name, config]) => {
    const component: EditorComponent = {
      name,
      kind: config.kind,
      label: config.label,
      description: config.description,
      forSpecificLocations: config.forSpecificLocations,
      toolbar: config.toolbar,
      children: config.kind === 'regions' ? (config.regions ?? []).map((region) => regionName(name, region.path)) : config.children,
      min: config.validation.children.min,
      max: config.validation.children.max,
      placeholder: config.placeholder ?? null,
      hasProps: Object.values(config.schema).some(editable),
      props: propsCodec(config.schema, kindOf),
      cloudImage: config.cloudImage,
      tag: config.tag ?? null,
      className: config.className ?? null,
      style: config.style === undefined ? null : Object.entries(config.style).map(([property, value]) => `${property}: ${value}`).join('; '),
      headingLevels: config.headingLevels as readonly HeadingLevel[] | undefined,
    };
    return [component, ...(config.regions ?? []).map((region) => regionComponent(name, region, kindOf))];
  });
}

/** Whether a prop has something to edit: an object left without fields by the child fields it held has not. */
function editable(field: Field): boolean {
  return field.kind !== 'object' || Object.values(field.fields).some(editable);
}

/** A region's component name: beside its block's, where no tag name can be (tags hold no `.`). */
function regionName(block: string, path: readonly string[]): string {
  return [block, ...path].join('.');
}

/** The component of one child field of a block that has several: a wrapper, or a line of text. */
function regionComponent(block: string, region: ComponentRegion, kindOf: KindOf): EditorComponent {
  return {
    name: regionName(block, region.path),
    kind: region.inline ? 'inlineWrapper' : 'wrapper',
    label: region.label,
    description: null,
    forSpecificLocations: true,
    toolbar: false,
    children: [],
    min: 0,
    max: null,
    placeholder: region.placeholder,
    hasProps: false,
    props: propsCodec({}, kindOf),
    cloudImage: false,
    region: region.path,
    headingLevels: region.headingLevels as readonly HeadingLevel[] | undefined,
  };
}

/**
 * The image dialog's Alt text and Title as a Markdoc field's `image.schema` gives them (text fields:
 * their labels, descriptions and checks); what it leaves out keeps the dialog's own input.
 */
export function imageText(field: ContentField, kindOf: KindOf): ImageText {
  const options = field.kind === 'markdoc' && typeof field.options === 'object' && field.options !== null ? (field.options as Record<string, unknown>) : {};
  const image = options.image;
  const schema = typeof image === 'object' && image !== null ? (image as { schema?: Record<string, Field> }).schema : undefined;
  const input = (key: 'alt' | 'title'): ImageTextInput | null => {
    const given = schema?.[key];
    if (given === undefined || given.kind !== 'text') return null;
    return {
      label: given.label,
      description: given.description,
      isRequired: given.validation.length.min > 0,
      validate: (value) => kindOf(given).schema.validate(given, value, { slugRules: standaloneSlugRules }),
    };
  };
  return { alt: input('alt'), title: input('title') };
}

const made = new WeakMap<ContentField, EditorSchema>();

/** Marks and alignment that MDX has no syntax for (Markdoc writes them as tags). */
const markdocOnly = { underline: false, superscript: false, subscript: false, keyboard: false, alignment: false };

export function editorSchemaFor(field: ContentField, kindOf: KindOf): EditorSchema {
  let editorSchema = made.get(field);
  if (editorSchema === undefined) {
    const options = readEditorOptions(field.options);
    const nodeProps = Object.fromEntries(Object.entries(nodePropSchemas(field)).map(([name, schema]) => [name, propsCodec(schema, kindOf)]));
    editorSchema = createEditorSchema(
      field.kind === 'mdx' ? { ...options, ...markdocOnly } : options,
      editorComponents(field.components ?? {}, kindOf),
      nodeProps,
      field.kind,
      imageText(field, kindOf),
    );
    made.set(field, editorSchema);
  }
  return editorSchema;
}
