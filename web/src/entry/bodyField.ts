/**
 * The field whose text follows the frontmatter: the format's `contentField`, a path through object
 * fields and conditionals' values (`["content"]`, `["page", "body"]`, `["aside", "value"]`, as
 * Keystatic allows). At the top of the schema it is a key of the form state, which formState.ts
 * places after the frontmatter; inside objects and conditionals the body stands for the file that
 * content field would have of its own (`page/body.mdoc`, `aside/value.mdoc`), as Keystatic's reader
 * has it, so the field reads and writes it as that file (whichever choice a conditional shows: the
 * server checked that each holds content of one extension there).
 */
import type { Field, Format, Schema } from '../api/config';
import { isContentField } from '../fields/richText';

export type BodyField = {
  field: Field;
  /** The field's key when it is at the top of the schema. */
  topKey: string | null;
  /** The name of the file the body stands for, below the entry's folder, when it is nested. */
  nestedFile: string | null;
};

export function bodyField(schema: Schema, format: Format): BodyField | null {
  const [top, ...rest] = format.contentField ?? [];
  if (top === undefined) return null;
  let field: Field | undefined = schema[top];
  for (const key of rest) field = field === undefined ? undefined : stepInto(field, key);
  if (field === undefined) return null;
  if (rest.length === 0) return { field, topKey: top, nestedFile: null };
  return { field, topKey: null, nestedFile: `${[top, ...rest].join('/')}${contentExtension(field)}` };
}

function stepInto(field: Field, key: string): Field | undefined {
  if (field.kind === 'object') return field.fields[key];
  if (field.kind === 'conditional' && key === 'value') return Object.values(field.values)[0];
  return undefined;
}

/** A content field's extension with its dot (an empty content field names its own; a document field is Markdoc). */
export function contentExtension(field: Field): string {
  if (isContentField(field) || field.kind === 'emptyContent' || field.kind === 'emptyDocument') return `.${field.extension}`;
  return '.mdoc';
}
