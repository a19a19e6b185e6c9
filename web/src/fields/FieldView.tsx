/** Renders the widget of a field of any kind, by its kind's entry in the table the form gives (KindsContext). */
import type { Field } from '../api/config';
import type { FieldProps } from './FieldProps';
import { useKindOf } from './KindsContext';
import { StoredValue } from './stored';
import { StoredValueView } from './StoredValueView';

/**
 * A field holding a stored value it cannot hold shows its control emptied, with the stored text
 * below. The control stays the same element either way, so that setting it (a date typed segment
 * by segment) goes on where the value stopped being the stored one.
 */
export function FieldView(props: FieldProps<Field, unknown>) {
  const kind = useKindOf()(props.field);
  const stored = props.state instanceof StoredValue ? props.state : null;
  return (
    <div className={stored === null ? 'field-view' : 'field-stored'}>
      {kind.View !== null && <kind.View {...props} state={stored === null ? props.state : (kind.stored?.emptyState() ?? null)} />}
      {stored !== null && <StoredValueView showsMessage={kind.stored?.showsMessage ?? false} error={props.error} stored={stored} />}
    </div>
  );
}
