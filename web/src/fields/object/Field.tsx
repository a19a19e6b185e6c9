import type { ObjectField } from '../../api/config';
import { FieldGroup } from '../../ui/FieldGroup';
import type { FieldProps } from '../FieldProps';
import { ObjectFields } from './ObjectFields';
import type { ObjectState } from './schema';

/** Nested fields in a group named by the object's label. */
export function ObjectFieldView({ field, state, onChange, onBlur, context }: FieldProps<ObjectField, ObjectState>) {
  return (
    <FieldGroup label={field.label} description={field.description}>
      <div className="object-group">
        <ObjectFields fields={field.fields} layout={field.layout} state={state} onChange={onChange} onBlur={onBlur} context={context} />
      </div>
    </FieldGroup>
  );
}
