/**
 * The fields of an object (or of an array item) on a 12-column grid: each field spans its column count
 * from `layout` (the whole row without one) where the object has room for its narrowest column, and
 * they stack in one column where it has not (fields.css). Each field's message shows once it was
 * visited, or once validation is forced.
 */
import { useState } from 'react';
import type { CSSProperties } from 'react';
import type { Schema } from '../../api/config';
import { FieldView } from '../FieldView';
import { contextAt } from '../FieldProps';
import type { FieldContext } from '../FieldProps';
import { isHidden } from '../kindEntry';
import { useKindOf } from '../KindsContext';
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
  const kindOf = useKindOf();
  const validation = { slugRules: context.slugRules };
  const entries = Object.entries(fields);
  const spans = entries.flatMap(([, field], index) => (isHidden(kindOf(field)) ? [] : [layout?.[index] ?? 12]));
  return (
    <div className="object-fields">
      <div className="object-grid" data-narrowest={layout ? narrowestColumn(spans) : undefined}>
        {entries.map(([key, field], index) => {
          if (isHidden(kindOf(field))) return null;
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
                error={visible ? kindOf(field).schema.validate(field, state[key], validation) : null}
                context={contextAt(context, key)}
              />
            </div>
          );
        })}
      </div>
    </div>
  );
}

/** The span of the layout's narrowest column, from 1 to 6 (wider columns never share a row). */
function narrowestColumn(spans: number[]): number {
  return Math.max(1, Math.min(6, ...spans));
}
