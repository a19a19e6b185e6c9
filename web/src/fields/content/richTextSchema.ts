/**
 * Markdoc, MDX and document fields share their kinds between those with a file of their own
 * (schema.ts) and inline ones (inline.ts): each call goes to the schema of the field at hand.
 */
import type { ContentField, InlineContentField } from '../../api/config';
import type { FieldSchema } from '../kind';
import type { StoredValue } from '../stored';
import type { ContentState } from './images';
import { inlineContentSchema } from './inline';
import { contentSchema } from './schema';

type RichTextField = ContentField | InlineContentField;

// Schemas declare their methods with method syntax, so TypeScript accepts either as the wider type;
// this is sound because each is only ever called with the field it was picked for.
function schemaOf(field: RichTextField): FieldSchema<RichTextField, ContentState | StoredValue> {
  return 'inline' in field ? inlineContentSchema : contentSchema;
}

export const richTextSchema: FieldSchema<RichTextField, ContentState | StoredValue> = {
  defaultState: (field) => schemaOf(field).defaultState(field),
  parse: (field, value, context) => schemaOf(field).parse(field, value, context),
  validate: (field, state, context) => schemaOf(field).validate(field, state, context),
  serialize: (field, state, context) => schemaOf(field).serialize(field, state, context),
};
