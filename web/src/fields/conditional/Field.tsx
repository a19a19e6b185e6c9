import type { ConditionalField } from '../../api/config';
import { FieldView } from '../FieldView';
import { contextAt } from '../FieldProps';
import type { FieldProps } from '../FieldProps';
import { isHidden } from '../kindEntry';
import { useKindOf } from '../KindsContext';
import { ObjectFields } from '../object/ObjectFields';
import type { ObjectState } from '../object/schema';
import { defaultValueFor, valueFieldFor } from './schema';
import type { ConditionalState } from './schema';

/**
 * The discriminant's widget, then the fields of the value it picks (an object's fields directly).
 * Picking another discriminant starts its value from the defaults.
 */
export function ConditionalFieldView({ field, state, onChange, onBlur, error, context }: FieldProps<ConditionalField, ConditionalState>) {
  const kindOf = useKindOf();
  const valueField = valueFieldFor(field, state.discriminant);
  const setValue = (value: unknown) => onChange({ discriminant: state.discriminant, value });
  return (
    <div className="field-group" role="group" aria-label={field.label}>
      <FieldView
        field={field.discriminant}
        state={state.discriminant}
        onChange={(discriminant) => {
          const next = discriminant as string | boolean;
          if (next !== state.discriminant) onChange({ discriminant: next, value: defaultValueFor(field, next, kindOf) });
        }}
        onBlur={onBlur}
        error={null}
        context={context}
      />
      {valueField.kind === 'object' ? (
        <ObjectFields
          key={String(state.discriminant)}
          fields={valueField.fields}
          layout={valueField.layout}
          state={state.value as ObjectState}
          onChange={setValue}
          onBlur={onBlur}
          context={contextAt(context, String(state.discriminant))}
        />
      ) : (
        !isHidden(kindOf(valueField)) && (
          <FieldView
            key={String(state.discriminant)}
            field={valueField}
            state={state.value}
            onChange={setValue}
            onBlur={onBlur}
            error={error}
            context={contextAt(context, String(state.discriminant))}
          />
        )
      )}
    </div>
  );
}
