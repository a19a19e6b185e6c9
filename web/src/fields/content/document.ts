/**
 * A markdoc or mdx field's text as an editor document and back. Reading never guesses: text the field's
 * schema cannot hold opens as problems, and the text is then kept byte for byte. Writing gives
 * exactly the bytes Keystatic writes for the document.
 */
import type { EditorState } from 'prosemirror-state';
import { markdocToDoc } from '../../editor/markdoc/parse';
import { docToMarkdoc } from '../../editor/markdoc/serialize';
import { mdxToDoc } from '../../editor/mdx/parse';
import { docToMdx } from '../../editor/mdx/serialize';
import { ContentParseError } from '../../editor/parseError';
import type { ContentProblem } from '../../editor/parseError';
import { createEditorState } from '../../editor/state/createEditorState';
import { editorSchemaFor } from './editorSchema';
import type { ContentFieldConfig } from './editorSchema';

/** The text as it is now stored, and the editor state it opened as (or why it did not). */
export type OpenedContent =
  | { text: string; ok: true; state: EditorState }
  | { text: string; ok: false; problems: readonly ContentProblem[] };

export function openContent(field: ContentFieldConfig, text: string): OpenedContent {
  try {
    const editorSchema = editorSchemaFor(field);
    const doc = field.kind === 'mdx' ? mdxToDoc(text, editorSchema) : markdocToDoc(text, editorSchema);
    return { text, ok: true, state: createEditorState(doc) };
  } catch (error) {
    if (error instanceof ContentParseError) return { text, ok: false, problems: error.problems };
    // A definition the editor cannot build (a component named like a built-in node) is a problem of
    // the field, shown the same way rather than as a broken screen.
    return { text, ok: false, problems: [{ line: null, message: error instanceof Error ? error.message : String(error) }] };
  }
}

/** The bytes to store for an editor state. */
export function contentText(field: ContentFieldConfig, state: EditorState): string {
  return field.kind === 'mdx' ? docToMdx(state.doc).text : docToMarkdoc(state.doc).text;
}
