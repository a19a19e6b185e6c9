/** Renders the widget of a field by its kind. */
import type { Field } from '../api/config';
import { ArrayFieldView } from './array/Field';
import type { Item } from './array/items';
import { AssetFieldView } from './asset/Field';
import type { AssetState } from './asset/schema';
import { BlocksFieldView } from './blocks/Field';
import type { BlockState } from './blocks/schema';
import { CheckboxFieldView } from './checkbox/Field';
import { CloudImageFieldView } from './cloudImage/Field';
import type { CloudImageState } from './cloudImage/schema';
import { ConditionalFieldView } from './conditional/Field';
import type { ConditionalState } from './conditional/schema';
import { ContentFieldView, InlineContentFieldView } from './content/Field';
import type { ContentState } from './content/images';
import { DateFieldView } from './date/Field';
import { DatetimeFieldView } from './datetime/Field';
import type { FieldProps } from './FieldProps';
import { IntegerFieldView } from './integer/Field';
import { MultiRelationshipFieldView } from './multiRelationship/Field';
import { MultiselectFieldView } from './multiselect/Field';
import { NumberFieldView } from './number/Field';
import { ObjectFieldView } from './object/Field';
import type { ObjectState } from './object/schema';
import { PathReferenceFieldView } from './pathReference/Field';
import { RelationshipFieldView } from './relationship/Field';
import { SelectFieldView } from './select/Field';
import { SlugFieldView } from './slug/Field';
import { StoredValue } from './stored';
import { emptyState, StoredValueView } from './StoredValueView';
import type { SlugState } from './slug/schema';
import { TextFieldView } from './text/Field';
import { UnsupportedFieldView } from './unsupported/Field';
import { UrlFieldView } from './url/Field';

/**
 * A field holding a stored value it cannot hold shows its control emptied, with the stored text
 * below. The control stays the same element either way, so that setting it (a date typed segment
 * by segment) goes on where the value stopped being the stored one.
 */
export function FieldView(props: FieldProps<Field, unknown>) {
  const stored = props.state instanceof StoredValue ? props.state : null;
  return (
    <div className={stored === null ? 'field-view' : 'field-stored'}>
      <FieldControl {...props} state={stored === null ? props.state : emptyState(props.field)} />
      {stored !== null && <StoredValueView field={props.field} error={props.error} stored={stored} />}
    </div>
  );
}

// The form's state of a field always has the shape its kind's schema produced, so each cast below
// names that shape rather than checking it again.
function FieldControl(props: FieldProps<Field, unknown>) {
  const { field, state, onChange } = props;
  const common = { onBlur: props.onBlur, error: props.error, context: props.context };
  switch (field.kind) {
    case 'text':
      return <TextFieldView {...common} field={field} state={state as string} onChange={onChange} />;
    case 'slug':
      return <SlugFieldView {...common} field={field} state={state as SlugState} onChange={onChange} />;
    case 'integer':
      return <IntegerFieldView {...common} field={field} state={state as number | null} onChange={onChange} />;
    case 'number':
      return <NumberFieldView {...common} field={field} state={state as number | null} onChange={onChange} />;
    case 'checkbox':
      return <CheckboxFieldView {...common} field={field} state={state as boolean} onChange={onChange} />;
    case 'select':
      return <SelectFieldView {...common} field={field} state={state as string} onChange={onChange} />;
    case 'date':
      return <DateFieldView {...common} field={field} state={state as string | null} onChange={onChange} />;
    case 'datetime':
      return <DatetimeFieldView {...common} field={field} state={state as string | null} onChange={onChange} />;
    case 'url':
      return <UrlFieldView {...common} field={field} state={state as string | null} onChange={onChange} />;
    case 'markdoc':
    case 'mdx':
    case 'document':
      if ('inline' in field) return <InlineContentFieldView {...common} field={field} state={state as ContentState} onChange={onChange} />;
      return <ContentFieldView {...common} field={field} state={state as ContentState} onChange={onChange} />;
    case 'multiselect':
      return <MultiselectFieldView {...common} field={field} state={state as string[]} onChange={onChange} />;
    case 'file':
    case 'image':
      return <AssetFieldView {...common} field={field} state={state as AssetState | null} onChange={onChange} />;
    case 'cloudImage':
      return <CloudImageFieldView {...common} field={field} state={state as CloudImageState} onChange={onChange} />;
    case 'relationship':
      return <RelationshipFieldView {...common} field={field} state={state as string | null} onChange={onChange} />;
    case 'multiRelationship':
      return <MultiRelationshipFieldView {...common} field={field} state={state as string[]} onChange={onChange} />;
    case 'pathReference':
      return <PathReferenceFieldView {...common} field={field} state={state as string | null} onChange={onChange} />;
    case 'array':
      return <ArrayFieldView {...common} field={field} state={state as Item[]} onChange={onChange} />;
    case 'blocks':
      return <BlocksFieldView {...common} field={field} state={state as Item<BlockState>[]} onChange={onChange} />;
    case 'conditional':
      return <ConditionalFieldView {...common} field={field} state={state as ConditionalState} onChange={onChange} />;
    case 'object':
      return <ObjectFieldView {...common} field={field} state={state as ObjectState} onChange={onChange} />;
    case 'empty':
    case 'ignored':
      return null;
    default:
      return <UnsupportedFieldView {...common} field={field} state={state} onChange={onChange} />;
  }
}
