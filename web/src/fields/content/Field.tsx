/**
 * Markdoc and MDX fields open in the rich-text editor, whose code loads only when such a field is
 * shown, so the dashboard and lists stay light.
 */
import { lazy, Suspense } from 'react';
import type { ContentField } from '../../api/config';
import { et } from '../../editor/messages';
import { Spinner } from '../../ui/Spinner';
import type { FieldProps } from '../FieldProps';
import type { ContentState } from './images';

const ContentEditor = lazy(() => import('./ContentEditor'));

export function ContentFieldView(props: FieldProps<ContentField, ContentState>) {
  return (
    <Suspense fallback={<Spinner label={et('editor.loading')} />}>
      <ContentEditor {...props} />
    </Suspense>
  );
}
