/**
 * A markdoc or mdx field's text and image files as an editor document and back. Reading never
 * guesses: text the field's schema cannot hold opens as problems, and the text is then kept byte for
 * byte. Writing gives exactly the bytes Keystatic writes for the document, and the files of the
 * images it shows.
 */
import type { Node } from 'prosemirror-model';
import type { EditorState } from 'prosemirror-state';
import type { ContentField } from '../../api/config';
import type { MarkdocParseContext } from '../../editor/markdoc/parse';
import type { MarkdocSerializeContext } from '../../editor/markdoc/serialize';
import { ContentParseError } from '../../editor/parseError';
import type { ContentProblem } from '../../editor/parseError';
import { imageFolderFiles, withImageFolder } from '../../editor/image/imageName';
import { createEditorState } from '../../editor/state/createEditorState';
import type { KindOf } from '../kindEntry';
import { editorSchemaFor } from './editorSchema';
import { formatOf } from './formats';
import { setRewriter } from './images';
import type { ContentState } from './images';

/** The content as it is now stored, and the editor state it opened as (or why it did not). */
export type OpenedContent =
  | { content: ContentState; ok: true; state: EditorState }
  | { content: ContentState; ok: false; problems: readonly ContentProblem[] };

/**
 * An image's `src` names one of the folder's files when, decoded, it is the prefix and that file's
 * name; anything else (an external URL, a file that is not there) stays text, as in Keystatic.
 */
function parseContext({ images, srcPrefix }: ContentState): MarkdocParseContext {
  return {
    image(src) {
      let decoded: string;
      try {
        decoded = decodeURIComponent(src);
      } catch {
        return null;
      }
      if (!decoded.startsWith(srcPrefix)) return null;
      const filename = decoded.slice(srcPrefix.length);
      const bytes = images.get(filename);
      return bytes === undefined ? null : { filename, bytes };
    },
  };
}

/** The document of `content` (no editor opened on it); null when it does not parse. */
export function contentDocument(field: ContentField, content: ContentState, kindOf: KindOf): Node | null {
  try {
    return formatOf(field.kind).toDoc(content.text, editorSchemaFor(field, kindOf), parseContext(content));
  } catch {
    return null;
  }
}

export function openContent(field: ContentField, content: ContentState, kindOf: KindOf): OpenedContent {
  try {
    const editorSchema = editorSchemaFor(field, kindOf);
    const context = parseContext(content);
    const doc = formatOf(field.kind).toDoc(content.text, editorSchema, context);
    const state = withImageFolder(createEditorState(doc), content.images);
    // Opened, the text can be written for another slug (a rename) from its document.
    setRewriter(content, (prefix) => writeContent(field, state, prefix));
    return { content, ok: true, state };
  } catch (error) {
    if (error instanceof ContentParseError) return { content, ok: false, problems: error.problems };
    // A definition the editor cannot build (a component named like a built-in node) is a problem of
    // the field, shown the same way rather than as a broken screen.
    return { content, ok: false, problems: [{ line: null, message: error instanceof Error ? error.message : String(error) }] };
  }
}

/**
 * The content to store for an editor state: its bytes and the files of the images it shows (those
 * it no longer shows are left out, so a save deletes them), with `src`s that start with `srcPrefix`.
 * The entry writes it again with another prefix when its slug asks for one (images.ts).
 */
export function writeContent(field: ContentField, state: EditorState, srcPrefix: string): ContentState {
  const context: MarkdocSerializeContext = { imageSrc: (filename) => `${srcPrefix}${filename}` };
  const written = formatOf(field.kind).fromDoc(state.doc, context);
  // Files of the folder that components' props name (a figure's `src`) stay, as the images do.
  const named = filesNamedByProps(state.doc, imageFolderFiles(state));
  const images = new Map([...named, ...written.images.map((image) => [image.filename, image.bytes] as const)]);
  const content = { text: written.text, images, srcPrefix };
  setRewriter(content, (prefix) => writeContent(field, state, prefix));
  return content;
}

/**
 * The files of `folder` (by name below it) that a component's props in `doc` name: a prop's text
 * that is a file's name, or ends with `/` and its name. The editor does not write those files
 * itself (a prop keeps its address), so they are kept as read rather than deleted by a save.
 */
function filesNamedByProps(doc: Node, folder: ReadonlyMap<string, Uint8Array>): [string, Uint8Array][] {
  if (folder.size === 0) return [];
  const texts = new Set<string>();
  const collect = (value: unknown): void => {
    if (typeof value === 'string') texts.add(value);
    else if (Array.isArray(value)) value.forEach(collect);
    else if (typeof value === 'object' && value !== null && !(value instanceof Uint8Array)) Object.values(value).forEach(collect);
  };
  doc.descendants((node) => {
    collect(node.attrs.props);
    for (const mark of node.marks) collect(mark.attrs.props);
  });
  return [...folder].filter(([name]) => [...texts].some((text) => text === name || text.endsWith(`/${name}`)));
}
