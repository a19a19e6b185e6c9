/**
 * Images written into a markdoc or mdx field live in files of their own, where Keystatic puts them
 * (keystatic-formats.md §2.6): without `options.image.directory` in `<entry dir>/<field key>/`, with
 * it in `<directory>/<slug>/`. The field's state carries the files of that folder by name beside the
 * text, so that the editor can show them and a save writes them through the asset files' mechanism.
 * Files that components' file and image props name live in the same places: the content's own
 * folder, or the prop field's `directory` (below it the slug's folder); the state carries those
 * folders' files too.
 *
 * With a directory, an image's `src` names the entry's slug (`<publicPath>/<slug>/<file>`), and so
 * does a prop's address with a `publicPath`. The slug can change after the text was written (a new
 * entry's title typed after an image went in, a rename, a duplicate), so the text to store is chosen
 * when the entry is written, for the slug it has then: a state the editor opened can write itself
 * again for another slug.
 */
import type { ContentField, Field } from '../../api/config';
import { readEditorOptions } from '../../editor/options';
import { fixPath } from '../../lib/fixPath';
import { srcPrefix } from '../asset/schema';
import type { ExtraFile, FileRef, FolderAccept } from '../extraFiles';
import { allPropSchemas } from './propSchemas';

/** Files by folder, then by name below it: '' is the content's own folder, else a directory. */
export type PropFolders = ReadonlyMap<string, ReadonlyMap<string, Uint8Array>>;

/**
 * A content field's state: the text to store; the image files by name below the image folder (at
 * open: every image there; after an edit: the files the document shows); the files of the folders
 * its components' props keep files in (at open: every file there; after an edit: those the props
 * name, and those nothing named at open, which stay); and the collection entry's slug the text was
 * written for (undefined for singletons and text from elsewhere).
 */
export type ContentState = {
  text: string;
  images: ReadonlyMap<string, Uint8Array>;
  propFiles: PropFolders;
  slug: string | undefined;
};

/** The text and files of a content state written for another slug. */
export type ContentRewriter = (slug: string | undefined) => ContentState;

// The editor gives every state it opened or wrote the means to write it again (from its document),
// with the last writing kept. Beside the state rather than in it, so that states stay plain values.
const rewriters = new WeakMap<ContentState, { rewrite: ContentRewriter; last: ContentState | null }>();

/** Lets `state` be written for any slug through `rewrite`. */
export function setRewriter(state: ContentState, rewrite: ContentRewriter): void {
  rewriters.set(state, { rewrite, last: null });
}

/** `state` written for `slug`, or null when it cannot be (its text was never opened in the editor). */
function rewritten(state: ContentState, slug: string | undefined): ContentState | null {
  const rewriter = rewriters.get(state);
  if (rewriter === undefined) return null;
  if (rewriter.last === null || rewriter.last.slug !== slug) rewriter.last = rewriter.rewrite(slug);
  return rewriter.last;
}

/**
 * The slug the entry last wrote `state` for: the editor writes the next change for it, so that a
 * save seldom has to write the document a second time.
 */
export function lastSlug(state: ContentState): string | undefined {
  return rewriters.get(state)?.last?.slug ?? state.slug;
}

/** Text as stored when no file is known (a new entry, text from elsewhere). */
export function textOnly(text: string): ContentState {
  return { text, images: new Map(), propFiles: new Map(), slug: undefined };
}

/** The folder of the field's images (`filename` ends with `/` or is empty), or null when images are off. */
export function imageFolder(field: ContentField, key: string): FileRef | null {
  const image = readEditorOptions(field.options).image;
  if (image === null) return null;
  if (image.directory === null) return { directory: null, filename: `${key}/` };
  return { directory: fixPath(image.directory), filename: '' };
}

/** The image folder's name among the state's folders ('' beside the content), or null when images are off. */
export function imageFolderName(field: ContentField): string | null {
  const image = readEditorOptions(field.options).image;
  return image === null ? null : image.directory === null ? '' : fixPath(image.directory);
}

/**
 * What the field's text writes before an image's file name for a collection entry's `slug`
 * (undefined for singletons): beside the content the bare name, in a directory the publicPath rules.
 */
export function imageSrcPrefix(field: ContentField, slug: string | undefined): string {
  const image = readEditorOptions(field.options).image;
  return image?.directory == null ? '' : srcPrefix(image.publicPath, slug);
}

/** The asset fields of a component's props, at any depth. */
function assetFieldsOf(schema: Readonly<Record<string, Field>>): Extract<Field, { kind: 'image' | 'file' }>[] {
  const found: Extract<Field, { kind: 'image' | 'file' }>[] = [];
  const walk = (field: Field): void => {
    if (field.kind === 'image' || field.kind === 'file') found.push(field);
    else if (field.kind === 'object') Object.values(field.fields).forEach(walk);
    else if (field.kind === 'conditional') Object.values(field.values).forEach(walk);
    else if (field.kind === 'array') walk(field.element);
    else if (field.kind === 'blocks') Object.values(field.blocks).forEach((block) => walk(block.schema));
  };
  Object.values(schema).forEach(walk);
  return found;
}

/** The folders (by name, as in `PropFolders`) where the field's components' props keep files. */
function propFolderNames(field: ContentField): string[] {
  const names = allPropSchemas(field).flatMap((schema) => assetFieldsOf(schema).map((asset) => (asset.directory === null ? '' : fixPath(asset.directory))));
  return [...new Set(names)];
}

/** A folder of the state by its name, as a file reference below the field `key`. */
function folderRef(name: string, key: string): FileRef {
  return name === '' ? { directory: null, filename: `${key}/` } : { directory: name, filename: '' };
}

/** Whether the field's text names the entry's slug: its images' or its props' addresses do with a publicPath. */
function textNamesSlug(field: ContentField): boolean {
  const image = readEditorOptions(field.options).image;
  if (image?.directory != null && image.publicPath !== null) return true;
  return allPropSchemas(field).some((schema) => assetFieldsOf(schema).some((asset) => asset.publicPath !== null));
}

/**
 * The state of stored `text` for the field `key`, reading its folders through `readFolder`; `slug`
 * is the collection entry's.
 */
export function readContent(
  field: ContentField,
  key: string,
  text: string,
  readFolder: (folder: FileRef, accept: FolderAccept) => ReadonlyMap<string, Uint8Array>,
  slug: string | undefined,
): ContentState {
  const folder = imageFolder(field, key);
  const images = folder === null ? new Map<string, Uint8Array>() : readFolder(folder, 'images');
  const propFiles = new Map(propFolderNames(field).map((name) => [name, readFolder(folderRef(name, key), 'files')]));
  return { text, images, propFiles, slug };
}

/**
 * The text and files to store for a content state in an entry whose slug is `slug` now. Text the
 * editor never opened (it does not parse) is kept as it is, whatever its addresses say.
 */
export function writeContentFiles(
  field: ContentField,
  key: string,
  state: ContentState,
  slug: string | undefined,
): { text: string; files: ExtraFile[] } {
  const written = state.slug === slug || !textNamesSlug(field) ? state : (rewritten(state, slug) ?? state);
  return { text: written.text, files: contentFiles(field, key, written) };
}

/** The files to write for a content state: each image in the field's folder, each prop's file in its own. */
function contentFiles(field: ContentField, key: string, state: ContentState): ExtraFile[] {
  const files = new Map<string, ExtraFile>();
  const add = (ref: FileRef, contents: Uint8Array) => files.set(`${ref.directory ?? ''}\u0000${ref.filename}`, { ...ref, contents });
  for (const [name, folder] of state.propFiles) {
    const ref = folderRef(name, key);
    for (const [filename, contents] of folder) add({ directory: ref.directory, filename: `${ref.filename}${filename}` }, contents);
  }
  const folder = imageFolder(field, key);
  if (folder !== null) {
    for (const [name, contents] of state.images) add({ directory: folder.directory, filename: `${folder.filename}${name}` }, contents);
  }
  return [...files.values()];
}
