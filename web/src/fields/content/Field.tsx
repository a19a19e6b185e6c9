/**
 * Markdoc fields open in the rich-text editor, whose code loads only when such a field is shown, so
 * the dashboard and lists stay light. MDX is edited as raw text until its converter lands.
 */
import { lazy, Suspense } from 'react';
import type { ContentField } from '../../api/config';
import { et } from '../../editor/messages';
import { t } from '../../lib/messages/format';
import { Spinner } from '../../ui/Spinner';
import { TextInputField } from '../../ui/TextInputField';
import type { FieldProps } from '../FieldProps';

const ContentEditor = lazy(() => import('./ContentEditor'));

export function ContentFieldView(props: FieldProps<ContentField, string>) {
  const { field, state, onChange, onBlur } = props;
  if (field.kind === 'markdoc') {
    return (
      <Suspense fallback={<Spinner label={et('editor.loading')} />}>
        <ContentEditor {...props} />
      </Suspense>
    );
  }
  return (
    <TextInputField
      label={field.label}
      description={field.description ?? t('content.hint', { format: 'MDX' })}
      value={state}
      onChange={onChange}
      onBlur={onBlur}
      multiline
      monospace
    />
  );
}
