/** The schema of each field kind, looked up by a field's `kind`. */
import type { Field } from '../api/config';
import { arraySchema } from './array/schema';
import { assetSchema } from './asset/schema';
import { blocksSchema } from './blocks/schema';
import { checkboxSchema } from './checkbox/schema';
import { cloudImageSchema } from './cloudImage/schema';
import { conditionalSchema } from './conditional/schema';
import { inlineContentSchema } from './content/inline';
import { contentSchema } from './content/schema';
import { dateSchema } from './date/schema';
import { datetimeSchema } from './datetime/schema';
import { emptySchema } from './empty/schema';
import { ignoredSchema } from './ignored/schema';
import { integerSchema } from './integer/schema';
import type { FieldSchema } from './kind';
import { multiRelationshipSchema } from './multiRelationship/schema';
import { multiselectSchema } from './multiselect/schema';
import { numberSchema } from './number/schema';
import { objectSchema } from './object/schema';
import { pathReferenceSchema } from './pathReference/schema';
import { relationshipSchema } from './relationship/schema';
import { selectSchema } from './select/schema';
import { slugSchema } from './slug/schema';
import { textSchema } from './text/schema';
import { unsupportedSchema } from './unsupported/schema';
import { urlSchema } from './url/schema';

/** Kinds with nothing to show: forms leave them out (their values still pass through saves). */
export function isHiddenField(field: Field): boolean {
  return field.kind === 'empty' || field.kind === 'ignored';
}

/** A schema with its field and state types erased, for code that walks a whole entry. */
export type AnyFieldSchema = FieldSchema<Field, unknown>;

// Schemas declare their methods with method syntax, so TypeScript accepts each one as an
// AnyFieldSchema; this is sound because each is only ever called with the field it was picked for.
// Composite kinds (array, blocks, conditional, object) import this module back: they look their
// children up only when called, never while modules load, so the cycle is harmless.
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
    case 'document':
      return 'inline' in field ? inlineContentSchema : contentSchema;
    case 'multiselect':
      return multiselectSchema;
    case 'file':
    case 'image':
      return assetSchema;
    case 'cloudImage':
      return cloudImageSchema;
    case 'relationship':
      return relationshipSchema;
    case 'multiRelationship':
      return multiRelationshipSchema;
    case 'pathReference':
      return pathReferenceSchema;
    case 'array':
      return arraySchema;
    case 'blocks':
      return blocksSchema;
    case 'conditional':
      return conditionalSchema;
    case 'object':
      return objectSchema;
    case 'empty':
      return emptySchema;
    case 'ignored':
      return ignoredSchema;
    default:
      return unsupportedSchema;
  }
}
