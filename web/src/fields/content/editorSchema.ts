/**
 * The editor schema of a content field: its `options` and `components` as the server serves them,
 * with each component's props read and written by the field kinds. Made once per field.
 */
import type { ContentComponent, ContentField } from '../../api/config';
import type { EditorComponent } from '../../editor/components';
import { readEditorOptions } from '../../editor/options';
import { createEditorSchema } from '../../editor/schema/createSchema';
import type { EditorSchema } from '../../editor/schema/createSchema';
import { propsCodec } from './componentProps';

export function editorComponents(components: Record<string, ContentComponent>): EditorComponent[] {
  return Object.entries(components).map(([name, config]) => ({
    name,
    kind: config.kind,
    label: config.label,
    description: config.description,
    forSpecificLocations: config.forSpecificLocations,
    children: config.children,
    min: config.validation.children.min,
    max: config.validation.children.max,
    hasProps: Object.keys(config.schema).length > 0,
    props: propsCodec(config.schema),
  }));
}

const made = new WeakMap<ContentField, EditorSchema>();

/** Marks and alignment that MDX has no syntax for (Markdoc writes them as tags). */
const markdocOnly = { underline: false, superscript: false, subscript: false, keyboard: false, alignment: false };

export function editorSchemaFor(field: ContentField): EditorSchema {
  let editorSchema = made.get(field);
  if (editorSchema === undefined) {
    const options = readEditorOptions(field.options);
    editorSchema = createEditorSchema(
      field.kind === 'mdx' ? { ...options, ...markdocOnly } : options,
      editorComponents(field.components ?? {}),
    );
    made.set(field, editorSchema);
  }
  return editorSchema;
}
