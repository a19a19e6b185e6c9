/**
 * Markdoc and MDX fields open in the rich-text editor, whose code loads only when such a field is
 * shown, so the dashboard and lists stay light, with the format its field's kind needs.
 */
import { Suspense, useMemo } from 'react';
import type { ContentField, InlineContentField, Schema } from '../../api/config';
import { et } from '../../editor/messages';
import { lazyComponent } from '../../ui/lazyComponent';
import { Spinner } from '../../ui/Spinner';
import type { FieldProps } from '../FieldProps';
import { isRichTextField } from '../richText';
import { loadFormat } from './formats';
import { editorFieldOf } from './inline';
import type { ContentState } from './images';

const editorFor = (kind: string) =>
  lazyComponent(async () => {
    const [editor] = await Promise.all([import('./ContentEditor'), loadFormat(kind)]);
    return editor.default;
  });
const MarkdocContentEditor = editorFor('markdoc');
const MdxContentEditor = editorFor('mdx');

/**
 * Loads the editor with the formats of `schema`'s content fields, so that they show at once (an
 * entry screen loads them while it reads the entry).
 */
export async function preloadEditors(schema: Schema): Promise<void> {
  const kinds = new Set(Object.values(schema).flatMap((field) => (isRichTextField(field) ? [field.kind] : [])));
  await Promise.all([...kinds].map((kind) => (kind === 'mdx' ? MdxContentEditor : MarkdocContentEditor).preload()));
}

/** A rich-text field of either sort: with a file of its own, or inline in the data file. */
export function RichTextFieldView({ field, ...props }: FieldProps<ContentField | InlineContentField, ContentState>) {
  return 'inline' in field ? <InlineContentFieldView {...props} field={field} /> : <ContentFieldView {...props} field={field} />;
}

function ContentFieldView(props: FieldProps<ContentField, ContentState>) {
  const Editor = props.field.kind === 'mdx' ? MdxContentEditor : MarkdocContentEditor;
  return (
    <Suspense fallback={<Spinner label={et('editor.loading')} />}>
      <Editor {...props} expandable />
    </Suspense>
  );
}

/** An inline field: the same editor, in a box sized for a line or a few (`multiline`). */
function InlineContentFieldView(props: FieldProps<InlineContentField, ContentState>) {
  const Editor = props.field.kind === 'mdx' ? MdxContentEditor : MarkdocContentEditor;
  const field = useMemo(() => editorFieldOf(props.field), [props.field]);
  return (
    <div className={props.field.multiline ? 'inline-content inline-content-multiline' : 'inline-content'}>
      <Suspense fallback={<Spinner label={et('editor.loading')} />}>
        <Editor {...props} field={field} />
      </Suspense>
    </div>
  );
}

/** For preloads: a failed one is left to the field, which loads again and says what failed. */
export const ignoreFailure = (): void => undefined;
