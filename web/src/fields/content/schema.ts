/**
 * Markdoc and MDX fields, edited as raw text for now. Their text never goes into the data file: it is
 * the body after the frontmatter (the format's content field) or a file of its own.
 */
import type { ContentField } from '../../api/config';
import type { FieldSchema } from '../kind';

export const contentSchema: FieldSchema<ContentField, string> = {
  defaultState: () => '',
  parse: (_field, value) => (typeof value === 'string' ? value : ''),
  validate: () => null,
  serialize: (_field, state) => state,
};
