/**
 * The fields of an object (or of an array item) on a 12-column grid: each field spans its column count
 * from `layout` (the whole row without one); narrow screens stack them in one column. Each field's
 * message shows once it was visited, or once validation is forced.
 */
import { useState } from 'react';
import type { CSSProperties } from 'react';
import type { Schema } from '../../api/config';
import { FieldView } from '../FieldView';
import type { FieldContext } from '../FieldProps';
import { isHiddenField, schemaFor } from '../registry';
import type { ObjectState } from './schema';

type ObjectFieldsProps = {
  fields: Schema;
  layout: number[] | null;
  state: ObjectState;
  onChange(state: ObjectState): void;
  onBlur(): void;
  context: FieldContext;
};

export function ObjectFields({ fields, layout, state, onChange, onBlur, context }: ObjectFieldsProps) {
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const validation = { slugRules: context.slugRules };
  return (
    <div className="object-fields">
      <div className="object-grid">
        {Object.entries(fields).map(([key, field], index) => {
          if (isHiddenField(field)) return null;
          const visible = context.forced || touched.has(key);
          const span = layout?.[index] ?? 12;
          return (
            <div key={key} className="object-cell" style={{ '--span': span } as CSSProperties}>
              <FieldView
                field={field}
                state={state[key]}
                onChange={(value) => onChange({ ...state, [key]: value })}
                onBlur={() => {
                  setTouched((current) => (current.has(key) ? current : new Set(current).add(key)));
                  onBlur();
                }}
                error={visible ? schemaFor(field).validate(field, state[key], validation) : null}
                context={context}
              />
            </div>
          );
        })}
      </div>
    </div>
  );
}
