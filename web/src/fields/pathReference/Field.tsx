import { useCallback } from 'react';
import type { PathReferenceField } from '../../api/config';
import { ComboBoxField } from '../../ui/ComboBoxField';
import type { FieldProps } from '../FieldProps';
import { choicesEmptyText, choicesLoadingLabel } from '../choicesText';
import { useChoices } from '../useChoices';
import { matchingPaths } from './glob';

/** A searchable picker over the site's files that match the field's glob. */
export function PathReferenceFieldView({ field, state, onChange, onBlur, error, context }: FieldProps<PathReferenceField, string | null>) {
  const { choices: sources } = context;
  const load = useCallback(async () => matchingPaths(await sources.filePaths(), field.pattern), [sources, field.pattern]);
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
      loadingLabel={choicesLoadingLabel(choices)}
      onOpen={openChoices}
    />
  );
}
