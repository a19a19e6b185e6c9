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
import { openedFolders, withOpenedFolders } from '../../editor/image/imageName';
import type { OpenedFolders } from '../../editor/image/imageName';
import { createEditorState } from '../../editor/state/createEditorState';
import type { KindOf } from '../kindEntry';
import { editorSchemaFor } from './editorSchema';
import { formatOf } from './formats';
import { imageFolderName, imageSrcPrefix, setRewriter } from './images';
import type { ContentState } from './images';

/** The content as it is now stored, and the editor state it opened as (or why it did not). */
export type OpenedContent =
  | { content: ContentState; ok: true; state: EditorState }
  | { content: ContentState; ok: false; problems: readonly ContentProblem[] };

/**
 * An image's `src` names one of the folder's files when, decoded, it is the prefix and that file's
 * name; anything else (an external URL, a file that is not there) stays text, as in Keystatic.
 * Components' props read their files from the state's folders; `claimed` hears each file they name.
 */
function parseContext(field: ContentField, { images, propFiles, slug }: ContentState, claimed?: Set<string>): MarkdocParseContext {
  const prefix = imageSrcPrefix(field, slug);
  return {
    image(src) {
      let decoded: string;
      try {
        decoded = decodeURIComponent(src);
      } catch {
        return null;
      }
      if (!decoded.startsWith(prefix)) return null;
      const filename = decoded.slice(prefix.length);
      const bytes = images.get(filename);
      return bytes === undefined ? null : { filename, bytes };
    },
    files: {
      slug,
      read(file) {
        const bytes = propFiles.get(file.directory ?? '')?.get(file.filename) ?? null;
        if (bytes !== null) claimed?.add(fileKey(file.directory ?? '', file.filename));
        return bytes;
      },
    },
  };
}

function fileKey(folder: string, name: string): string {
  return `${folder}\u0000${name}`;
}

/** The document of `content` (no editor opened on it); null when it does not parse. */
export function contentDocument(field: ContentField, content: ContentState, kindOf: KindOf): Node | null {
  try {
    return formatOf(field.kind).toDoc(content.text, editorSchemaFor(field, kindOf), parseContext(field, content));
  } catch {
    return null;
  }
}

export function openContent(field: ContentField, content: ContentState, kindOf: KindOf): OpenedContent {
  try {
    const editorSchema = editorSchemaFor(field, kindOf);
    const claimed = new Set<string>();
    const doc = formatOf(field.kind).toDoc(content.text, editorSchema, parseContext(field, content, claimed));
    const state = withOpenedFolders(createEditorState(doc), openedFoldersOf(field, content, claimed));
    // Opened, the text can be written for another slug (a rename) from its document.
    setRewriter(content, (slug) => writeContent(field, state, slug));
    return { content, ok: true, state };
  } catch (error) {
    if (error instanceof ContentParseError) return { content, ok: false, problems: error.problems };
    // A definition the editor cannot build (a component named like a built-in node) is a problem of
    // the field, shown the same way rather than as a broken screen.
    return { content, ok: false, problems: [{ line: null, message: error instanceof Error ? error.message : String(error) }] };
  }
}

/**
 * The folders' files as the document opened on them. Files of the props' folders that nothing
 * named (`claimed`) stay as they are, except the image folder's images, which a save deletes when
 * the document does not show them (as Keystatic does).
 */
function openedFoldersOf(field: ContentField, content: ContentState, claimed: ReadonlySet<string>): OpenedFolders {
  const imageFolder = imageFolderName(field);
  const kept = new Map(
    [...content.propFiles].map(([folder, files]) => [
      folder,
      new Map([...files].filter(([name]) => !claimed.has(fileKey(folder, name)) && !(folder === imageFolder && content.images.has(name)))),
    ]),
  );
  return { images: content.images, imageFolder, folders: content.propFiles, kept, slug: content.slug };
}

/**
 * The content to store for an editor state: its bytes, the files of the images it shows (those it
 * no longer shows are left out, so a save deletes them) with `src`s for `slug`'s folder, and the
 * files its components' props name.
 */
export function writeContent(field: ContentField, state: EditorState, slug: string | undefined): ContentState {
  const context: MarkdocSerializeContext = { imageSrc: (filename) => `${imageSrcPrefix(field, slug)}${filename}`, slug };
  const written = formatOf(field.kind).fromDoc(state.doc, context);
  const propFiles = new Map([...openedFolders(state).kept].map(([folder, files]) => [folder, new Map(files)]));
  for (const file of written.files) {
    const folder = file.directory ?? '';
    propFiles.set(folder, (propFiles.get(folder) ?? new Map<string, Uint8Array>()).set(file.filename, file.contents));
  }
  const images = new Map(written.images.map((image) => [image.filename, image.bytes] as const));
  const content: ContentState = { text: written.text, images, propFiles, slug };
  setRewriter(content, (next) => writeContent(field, state, next));
  return content;
}
