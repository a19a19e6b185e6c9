import { useCallback } from 'react';
import type { RelationshipField } from '../../api/config';
import { ComboBoxField } from '../../ui/ComboBoxField';
import type { FieldProps } from '../FieldProps';
import { choicesEmptyText } from '../choicesText';
import { useChoices } from '../useChoices';

/** A searchable picker over the slugs of the target collection's entries. */
export function RelationshipFieldView({ field, state, onChange, onBlur, error, context }: FieldProps<RelationshipField, string | null>) {
  const load = useCallback(() => context.choices.entrySlugs(field.collection), [context.choices, field.collection]);
  const [choices, openChoices] = useChoices(load);
  return (
    <ComboBoxField
      label={field.label}
      description={field.description}
      choices={choices.kind === 'loaded' ? choices.choices : []}
      value={state}
      onChange={onChange}
      onBlur={onBlur}
      error={error}
      isRequired={field.validation.isRequired}
      emptyText={choicesEmptyText(choices)}
      onOpen={openChoices}
    />
  );
}
