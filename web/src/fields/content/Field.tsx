import type { ContentField } from '../../api/config';
import { t } from '../../lib/messages/format';
import { TextInputField } from '../../ui/TextInputField';
import type { FieldProps } from '../FieldProps';

/** The raw Markdoc or MDX text in a monospace area; it is saved exactly as written. */
export function ContentFieldView({ field, state, onChange, onBlur }: FieldProps<ContentField, string>) {
  return (
    <TextInputField
      label={field.label}
      description={field.description ?? t('content.hint', { format: field.kind === 'mdx' ? 'MDX' : 'Markdoc' })}
      value={state}
      onChange={onChange}
      onBlur={onBlur}
      multiline
      monospace
    />
  );
}
