/**
 * Markdoc and MDX fields open in the rich-text editor, whose code loads only when such a field is
 * shown, so the dashboard and lists stay light, with the format its field's kind needs.
 */
import { lazy, Suspense } from 'react';
import type { ContentField } from '../../api/config';
import { et } from '../../editor/messages';
import { Spinner } from '../../ui/Spinner';
import type { FieldProps } from '../FieldProps';
import { loadFormat } from './formats';
import type { ContentState } from './images';

const editorFor = (kind: string) =>
  lazy(async () => {
    const [editor] = await Promise.all([import('./ContentEditor'), loadFormat(kind)]);
    return editor;
  });
const MarkdocContentEditor = editorFor('markdoc');
const MdxContentEditor = editorFor('mdx');

export function ContentFieldView(props: FieldProps<ContentField, ContentState>) {
  const Editor = props.field.kind === 'mdx' ? MdxContentEditor : MarkdocContentEditor;
  return (
    <Suspense fallback={<Spinner label={et('editor.loading')} />}>
      <Editor {...props} />
    </Suspense>
  );
}
