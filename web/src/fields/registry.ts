/** The schema of each field kind, looked up by a field's `kind`. */
import type { Field } from '../api/config';
import { checkboxSchema } from './checkbox/schema';
import { contentSchema } from './content/schema';
import { dateSchema } from './date/schema';
import { datetimeSchema } from './datetime/schema';
import { integerSchema } from './integer/schema';
import type { FieldSchema } from './kind';
import { numberSchema } from './number/schema';
import { selectSchema } from './select/schema';
import { slugSchema } from './slug/schema';
import { textSchema } from './text/schema';
import { unsupportedSchema } from './unsupported/schema';
import { urlSchema } from './url/schema';

/** Kinds whose text lives outside the data file. */
export function isContentField(field: Field): field is Extract<Field, { kind: 'markdoc' | 'mdx' }> {
  return field.kind === 'markdoc' || field.kind === 'mdx';
}

/** A schema with its field and state types erased, for code that walks a whole entry. */
export type AnyFieldSchema = FieldSchema<Field, unknown>;

// Schemas declare their methods with method syntax, so TypeScript accepts each one as an
// AnyFieldSchema; this is sound because each is only ever called with the field it was picked for.
export function schemaFor(field: Field): AnyFieldSchema {
  switch (field.kind) {
    case 'text':
      return textSchema;
    case 'slug':
      return slugSchema;
    case 'integer':
      return integerSchema;
    case 'number':
      return numberSchema;
    case 'checkbox':
      return checkboxSchema;
    case 'select':
      return selectSchema;
    case 'date':
      return dateSchema;
    case 'datetime':
      return datetimeSchema;
    case 'url':
      return urlSchema;
    case 'markdoc':
    case 'mdx':
      return contentSchema;
    default:
      return unsupportedSchema;
  }
}
