/**
 * The form of a component's props in the editor's 'Edit {label}' dialog: one field widget per prop,
 * the same widgets and messages as the entry form (messages show once a prop was left, or all of
 * them after a refused Done). The field's prop schemas and the entry form's context reach it through
 * a React context, so that the form keeps one identity while the entry re-renders.
 */
import { createContext, useContext, useState } from 'react';
import type { Field } from '../../api/config';
import type { PropsFormProps } from '../../editor/componentEditing/ComponentDialog';
import type { FieldContext } from '../FieldProps';
import { FieldView } from '../FieldView';
import { standaloneSlugRules } from '../kind';
import { useKindOf } from '../KindsContext';

export type PropsFormSource = {
  /** Prop schemas by component name. */
  schemas: ReadonlyMap<string, Readonly<Record<string, Field>>>;
  context: FieldContext;
};

export const PropsFormSourceContext = createContext<PropsFormSource | null>(null);

export function PropsForm({ component, value, onChange, forced }: PropsFormProps) {
  const source = useContext(PropsFormSourceContext);
  const kindOf = useKindOf();
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  if (source === null) return null;
  const schema = source.schemas.get(component.name) ?? {};
  return (
    <>
      {Object.entries(schema).map(([key, field]) => {
        const message = kindOf(field).schema.validate(field, value[key], { slugRules: standaloneSlugRules });
        return (
          <FieldView
            key={key}
            field={field}
            state={value[key]}
            onChange={(next) => onChange({ ...value, [key]: next })}
            onBlur={() => setTouched((current) => new Set(current).add(key))}
            error={forced || touched.has(key) ? message : null}
            context={{ ...source.context, isNew: false, slugRules: standaloneSlugRules, forced }}
          />
        );
      })}
    </>
  );
}
