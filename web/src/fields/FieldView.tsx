/** Renders the widget of a field by its kind. */
import type { Field } from '../api/config';
import { CheckboxFieldView } from './checkbox/Field';
import { ContentFieldView } from './content/Field';
import { DateFieldView } from './date/Field';
import { DatetimeFieldView } from './datetime/Field';
import type { FieldProps } from './FieldProps';
import { IntegerFieldView } from './integer/Field';
import { NumberFieldView } from './number/Field';
import { SelectFieldView } from './select/Field';
import { SlugFieldView } from './slug/Field';
import type { SlugState } from './slug/schema';
import { TextFieldView } from './text/Field';
import { UnsupportedFieldView } from './unsupported/Field';
import { UrlFieldView } from './url/Field';

// The form's state of a field always has the shape its kind's schema produced, so each cast below
// names that shape rather than checking it again.
export function FieldView(props: FieldProps<Field, unknown>) {
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
      return <ContentFieldView {...common} field={field} state={state as string} onChange={onChange} />;
    default:
      return <UnsupportedFieldView {...common} field={field} state={state} onChange={onChange} />;
  }
}
