/** Fields the rich-text editor edits: markdoc, mdx and document, with a file of their own or inline. */
import type { ContentField, Field, InlineContentField } from '../api/config';

/** Fields the rich-text editor edits, whether their text has a file or sits in the data file. */
export function isRichTextField(field: Field): field is ContentField | InlineContentField {
  return field.kind === 'markdoc' || field.kind === 'mdx' || field.kind === 'document';
}

/** Fields whose text lives outside the data file (inline ones keep it in the data file). */
export function isContentField(field: Field): field is ContentField {
  return isRichTextField(field) && !('inline' in field);
}
