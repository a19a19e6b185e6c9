/**
 * Markdoc and MDX fields. Their state is the text to store and its image files (images.ts): the
 * editor (ContentEditor.tsx) turns them into a document and writes every change back as the exact
 * bytes Keystatic writes (document.ts), so an entry whose content was not touched saves its content
 * unchanged. The text never goes into the data file: it is the body after the frontmatter (the
 * format's content field) or a file of its own, and entry.ts reads and writes it with the images.
 */
import type { ContentField } from '../../api/config';
import type { FieldSchema } from '../kind';
import { textOnly } from './images';
import type { ContentState } from './images';

export const contentSchema: FieldSchema<ContentField, ContentState> = {
  defaultState: () => textOnly(''),
  parse: (_field, value) => textOnly(typeof value === 'string' ? value : ''),
  validate: () => null,
  serialize: (_field, state) => state.text,
};
