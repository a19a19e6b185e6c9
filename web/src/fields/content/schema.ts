/**
 * Markdoc and MDX fields. Their state is the text to store: the editor (ContentEditor.tsx) turns it
 * into a document and writes every change back as the exact bytes Keystatic writes (document.ts),
 * so an entry whose content was not touched saves its content unchanged. The text never goes into
 * the data file: it is the body after the frontmatter (the format's content field) or a file of its
 * own.
 */
import type { ContentField } from '../../api/config';
import type { FieldSchema } from '../kind';

export const contentSchema: FieldSchema<ContentField, string> = {
  defaultState: () => '',
  parse: (_field, value) => (typeof value === 'string' ? value : ''),
  validate: () => null,
  serialize: (_field, state) => state,
};
