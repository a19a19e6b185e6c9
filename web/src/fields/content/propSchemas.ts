/**
 * The prop schemas of a content field (its components', and its headings' and code blocks'), read
 * from the config alone: the entry form reads them before any editor code loads.
 */
import type { ContentField, Field } from '../../api/config';

/**
 * The props of headings and code blocks that a Markdoc field's options give (`heading.schema`,
 * `codeBlock.schema`, as the server normalized them), by editor node name. MDX has no syntax for them.
 */
export function nodePropSchemas(field: ContentField): Record<string, Readonly<Record<string, Field>>> {
  if (field.kind === 'mdx' || typeof field.options !== 'object' || field.options === null) return {};
  const options = field.options as Record<string, unknown>;
  const schemaOf = (key: string) => {
    const option = options[key];
    const schema = typeof option === 'object' && option !== null ? (option as { schema?: unknown }).schema : undefined;
    return typeof schema === 'object' && schema !== null && Object.keys(schema).length > 0 ? (schema as Record<string, Field>) : null;
  };
  const schemas: Record<string, Readonly<Record<string, Field>>> = {};
  const heading = schemaOf('heading');
  const codeBlock = schemaOf('codeBlock');
  if (heading !== null) schemas.heading = heading;
  if (codeBlock !== null) schemas.code_block = codeBlock;
  return schemas;
}

/** Every prop schema of the field: its components', then its headings' and code blocks'. */
export function allPropSchemas(field: ContentField): Readonly<Record<string, Field>>[] {
  return [...Object.values(field.components ?? {}).map((component) => component.schema), ...Object.values(nodePropSchemas(field))];
}
