/**
 * The form of a component's props in the editor's 'Edit {label}' dialog: one field widget per prop,
 * the same widgets and messages as the entry form (messages show once a prop was left, or all of
 * them after a refused Done; a cloud image block's in the cloud image field's view). The field's prop schemas and the entry form's context reach it through
 * a React context, so that the form keeps one identity while the entry re-renders.
 */
import { createContext, useContext, useState } from 'react';
import type { CloudImageField, Field } from '../../api/config';
import type { PropsFormProps } from '../../editor/componentEditing/ComponentDialog';
import type { FieldContext } from '../FieldProps';
import { CloudImageFieldView } from '../cloudImage/Field';
import { cloudImageSchema } from '../cloudImage/schema';
import type { CloudImageState } from '../cloudImage/schema';
import { FieldView } from '../FieldView';
import { standaloneSlugRules } from '../kind';
import { useKindOf } from '../KindsContext';

export type PropsFormSource = {
  /** Prop schemas by component name. */
  schemas: ReadonlyMap<string, Readonly<Record<string, Field>>>;
  context: FieldContext;
};

export const PropsFormSourceContext = createContext<PropsFormSource | null>(null);

export function PropsForm(props: PropsFormProps) {
  const source = useContext(PropsFormSourceContext);
  if (source === null) return null;
  return props.component.cloudImage ? <CloudImageProps {...props} context={source.context} /> : <FieldProps {...props} source={source} />;
}

function FieldProps({ component, value, onChange, forced, freeFileName, source }: PropsFormProps & { source: PropsFormSource }) {
  const kindOf = useKindOf();
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
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
            context={{ ...source.context, isNew: false, slugRules: standaloneSlugRules, forced, freeFileName }}
          />
        );
      })}
    </>
  );
}

/**
 * A cloud image block's props (`src`, `alt`, `height`, `width`: text and whole-number states, which
 * are the cloud image field's state) in the cloud image field's own view: upload, library, look-up.
 */
function CloudImageProps({ component, value, onChange, forced, context }: PropsFormProps & { context: FieldContext }) {
  const [touched, setTouched] = useState(false);
  const field: CloudImageField = { kind: 'cloudImage', label: component.label, description: component.description, validation: { isRequired: true } };
  const state = value as CloudImageState;
  return (
    <CloudImageFieldView
      field={field}
      state={state}
      onChange={onChange}
      onBlur={() => setTouched(true)}
      error={forced || touched ? cloudImageSchema.validate(field, state, { slugRules: standaloneSlugRules }) : null}
      context={{ ...context, isNew: false, slugRules: standaloneSlugRules, forced }}
    />
  );
}
