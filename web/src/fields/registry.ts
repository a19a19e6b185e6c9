/**
 * The table of field kinds: for every kind of the `Field` union, its schema, its control, how that
 * control stands beside a stored value it cannot hold, and what its value puts in an item's label.
 * TypeScript refuses a kind left out, or an entry whose parts disagree on the kind's state.
 * Composite kinds are given `kindOf` rather than importing this table (see kindEntry.ts).
 */
import type { Field } from '../api/config';
import { ArrayFieldView } from './array/Field';
import {
  arrayLabel,
  assetLabel,
  cloudImageLabel,
  conditionalLabel,
  listLabel,
  noLabel,
  objectLabel,
  scalarLabel,
  slugLabel,
} from './array/itemLabel';
import { arraySchema } from './array/schema';
import { AssetFieldView } from './asset/Field';
import { assetSchema } from './asset/schema';
import { BlocksFieldView } from './blocks/Field';
import { blocksSchema } from './blocks/schema';
import { CheckboxFieldView } from './checkbox/Field';
import { checkboxSchema } from './checkbox/schema';
import { CloudImageFieldView } from './cloudImage/Field';
import { cloudImageSchema } from './cloudImage/schema';
import { ConditionalFieldView } from './conditional/Field';
import { conditionalSchema } from './conditional/schema';
import { RichTextFieldView } from './content/Field';
import { textOnly } from './content/images';
import { richTextSchema } from './content/richTextSchema';
import { DateFieldView } from './date/Field';
import { dateSchema } from './date/schema';
import { DatetimeFieldView } from './datetime/Field';
import { datetimeSchema } from './datetime/schema';
import { emptySchema } from './empty/schema';
import { emptyContentSchema } from './emptyContent/schema';
import { ignoredSchema } from './ignored/schema';
import { IntegerFieldView } from './integer/Field';
import { integerSchema } from './integer/schema';
import { kindEntry } from './kindEntry';
import type { AnyKindEntry, KindOf } from './kindEntry';
import { MultiRelationshipFieldView } from './multiRelationship/Field';
import { multiRelationshipSchema } from './multiRelationship/schema';
import { MultiselectFieldView } from './multiselect/Field';
import { multiselectSchema } from './multiselect/schema';
import { NumberFieldView } from './number/Field';
import { numberSchema } from './number/schema';
import { ObjectFieldView } from './object/Field';
import { objectSchema } from './object/schema';
import { PathReferenceFieldView } from './pathReference/Field';
import { pathReferenceSchema } from './pathReference/schema';
import { RelationshipFieldView } from './relationship/Field';
import { relationshipSchema } from './relationship/schema';
import { SelectFieldView } from './select/Field';
import { selectSchema } from './select/schema';
import { SlugFieldView } from './slug/Field';
import { slugSchema } from './slug/schema';
import { TextFieldView } from './text/Field';
import { textSchema } from './text/schema';
import { UrlFieldView } from './url/Field';
import { urlSchema } from './url/schema';

/** The fields of kind `K` among `F`: some field types have several kinds (`file` and `image` are both AssetField). */
type OfKind<F, K> = F extends { kind: infer Kinds } ? (K extends Kinds ? F : never) : never;

/** An entry for every kind of the `Field` union, each for the field type of its kind. */
type KindTable = { readonly [K in Field['kind']]: AnyKindEntry<OfKind<Field, K>> };

// Made before the table, which hands it to the composite kinds' schemas: they look their children
// up only when called, once the table is there.
export const kindOf: KindOf = (field) => kinds[field.kind] as AnyKindEntry;

/** A control that shows the field's message itself, emptied as `emptyState` gives while a stored value stands. */
const withOwnMessage = <S>(emptyState: () => S) => ({ emptyState, showsMessage: true });

/** A control whose field's message shows below it, beside the stored value. */
const withMessageBelow = <S>(emptyState: () => S) => ({ emptyState, showsMessage: false });

const richText = kindEntry({
  schema: richTextSchema,
  View: RichTextFieldView,
  // Only inline fields keep their text in the data file, where a value can be wrong.
  stored: withMessageBelow(() => textOnly('')),
  label: noLabel,
});

const asset = kindEntry({ schema: assetSchema, View: AssetFieldView, stored: null, label: assetLabel });

const emptyContent = kindEntry({ schema: emptyContentSchema, View: null, stored: null, label: noLabel });

const kinds: KindTable = {
  text: kindEntry({ schema: textSchema, View: TextFieldView, stored: withOwnMessage(() => ''), label: scalarLabel }),
  slug: kindEntry({ schema: slugSchema, View: SlugFieldView, stored: null, label: slugLabel }),
  integer: kindEntry({ schema: integerSchema, View: IntegerFieldView, stored: withOwnMessage(() => null), label: scalarLabel }),
  number: kindEntry({ schema: numberSchema, View: NumberFieldView, stored: withOwnMessage(() => null), label: scalarLabel }),
  checkbox: kindEntry({ schema: checkboxSchema, View: CheckboxFieldView, stored: withMessageBelow(() => false), label: scalarLabel }),
  select: kindEntry({ schema: selectSchema, View: SelectFieldView, stored: withMessageBelow(() => ''), label: scalarLabel }),
  date: kindEntry({ schema: dateSchema, View: DateFieldView, stored: withOwnMessage(() => null), label: scalarLabel }),
  datetime: kindEntry({ schema: datetimeSchema, View: DatetimeFieldView, stored: withOwnMessage(() => null), label: scalarLabel }),
  url: kindEntry({ schema: urlSchema, View: UrlFieldView, stored: withOwnMessage(() => null), label: scalarLabel }),
  markdoc: richText,
  mdx: richText,
  document: richText,
  multiselect: kindEntry({ schema: multiselectSchema, View: MultiselectFieldView, stored: withMessageBelow(() => []), label: listLabel }),
  file: asset,
  image: asset,
  cloudImage: kindEntry({ schema: cloudImageSchema, View: CloudImageFieldView, stored: null, label: cloudImageLabel }),
  relationship: kindEntry({ schema: relationshipSchema, View: RelationshipFieldView, stored: withOwnMessage(() => null), label: scalarLabel }),
  multiRelationship: kindEntry({
    schema: multiRelationshipSchema,
    View: MultiRelationshipFieldView,
    stored: withMessageBelow(() => []),
    label: listLabel,
  }),
  pathReference: kindEntry({
    schema: pathReferenceSchema,
    View: PathReferenceFieldView,
    stored: withOwnMessage(() => null),
    label: scalarLabel,
  }),
  array: kindEntry({ schema: arraySchema(kindOf), View: ArrayFieldView, stored: null, label: arrayLabel }),
  blocks: kindEntry({ schema: blocksSchema(kindOf), View: BlocksFieldView, stored: null, label: noLabel }),
  conditional: kindEntry({ schema: conditionalSchema(kindOf), View: ConditionalFieldView, stored: null, label: conditionalLabel }),
  object: kindEntry({ schema: objectSchema(kindOf), View: ObjectFieldView, stored: null, label: objectLabel }),
  empty: kindEntry({ schema: emptySchema, View: null, stored: null, label: noLabel }),
  ignored: kindEntry({ schema: ignoredSchema, View: null, stored: null, label: noLabel }),
  emptyContent: emptyContent,
  emptyDocument: emptyContent,
};
