import { useCallback } from 'react';
import type { RelationshipField } from '../../api/config';
import { ComboBoxField } from '../../ui/ComboBoxField';
import type { FieldProps } from '../FieldProps';
import { choicesEmptyText, choicesLoadingLabel } from '../choicesText';
import { useChoices } from '../useChoices';

/** A picker over the slugs of the target collection's entries, searched on the server. */
export function RelationshipFieldView({ field, state, onChange, onBlur, error, context }: FieldProps<RelationshipField, string | null>) {
  const load = useCallback((term: string) => context.choices.entrySlugs(field.collection, term), [context.choices, field.collection]);
  const [choices, openChoices, search] = useChoices(load);
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
      loadingLabel={choicesLoadingLabel(choices)}
      onOpen={openChoices}
      onSearch={search}
    />
  );
}
