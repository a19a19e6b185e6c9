/**
 * Images written into a markdoc or mdx field live in files of their own, where Keystatic puts them
 * (keystatic-formats.md §2.6): without `options.image.directory` in `<entry dir>/<field key>/`, with
 * it in `<directory>/<slug>/`. The field's state carries the files of that folder by name beside the
 * text, so that the editor can show them and a save writes them through the asset files' mechanism.
 *
 * With a directory, an image's `src` names the entry's slug (`<publicPath>/<slug>/<file>`). The slug
 * can change after the text was written (a new entry's title typed after an image went in, a
 * rename, a duplicate), so the text to store is chosen when the entry is written, for the slug it
 * has then: a state the editor opened can write itself again with another `src` prefix.
 */
import type { ContentField } from '../../api/config';
import { readEditorOptions } from '../../editor/options';
import { fixPath } from '../../lib/fixPath';
import { srcPrefix } from '../asset/schema';
import type { ExtraFile, FileRef } from '../extraFiles';

/**
 * A content field's state: the text to store, the image files by name below the image folder (at
 * open: every file there; after an edit: the files the document shows), and what the text writes
 * before a file's name in an image's `src`.
 */
export type ContentState = { text: string; images: ReadonlyMap<string, Uint8Array>; srcPrefix: string };

/** The text and image files of a content state written with another `src` prefix. */
export type ContentRewriter = (srcPrefix: string) => ContentState;

// The editor gives every state it opened or wrote the means to write it again (from its document),
// with the last writing kept. Beside the state rather than in it, so that states stay plain values.
const rewriters = new WeakMap<ContentState, { rewrite: ContentRewriter; last: ContentState | null }>();

/** Lets `state` be written with any `src` prefix through `rewrite`. */
export function setRewriter(state: ContentState, rewrite: ContentRewriter): void {
  rewriters.set(state, { rewrite, last: null });
}

/** `state` written with `prefix`, or null when it cannot be (its text was never opened in the editor). */
function rewritten(state: ContentState, prefix: string): ContentState | null {
  const rewriter = rewriters.get(state);
  if (rewriter === undefined) return null;
  if (rewriter.last?.srcPrefix !== prefix) rewriter.last = rewriter.rewrite(prefix);
  return rewriter.last;
}

/**
 * The `src` prefix the entry last wrote `state` with: the editor writes the next change with it, so
 * that a save seldom has to write the document a second time.
 */
export function lastSrcPrefix(state: ContentState): string {
  return rewriters.get(state)?.last?.srcPrefix ?? state.srcPrefix;
}

/** Text as stored when no image is known (a new entry, text from elsewhere). */
export function textOnly(text: string): ContentState {
  return { text, images: new Map(), srcPrefix: '' };
}

/** The folder of the field's images (`filename` ends with `/` or is empty), or null when images are off. */
export function imageFolder(field: ContentField, key: string): FileRef | null {
  const image = readEditorOptions(field.options).image;
  if (image === null) return null;
  if (image.directory === null) return { directory: null, filename: `${key}/` };
  return { directory: fixPath(image.directory), filename: '' };
}

/**
 * What the field's text writes before an image's file name for a collection entry's `slug`
 * (undefined for singletons): beside the content the bare name, in a directory the publicPath rules.
 */
export function imageSrcPrefix(field: ContentField, slug: string | undefined): string {
  const image = readEditorOptions(field.options).image;
  return image?.directory == null ? '' : srcPrefix(image.publicPath, slug);
}

/** The state of stored `text` whose folder holds `files`; `slug` is the collection entry's. */
export function readContent(
  field: ContentField,
  text: string,
  files: ReadonlyMap<string, Uint8Array>,
  slug: string | undefined,
): ContentState {
  return { text, images: files, srcPrefix: imageSrcPrefix(field, slug) };
}

/**
 * The text and image files to store for a content state in an entry whose slug is `slug` now. Text
 * the editor never opened (it does not parse) is kept as it is, whatever its `src`s say.
 */
export function writeContentFiles(
  field: ContentField,
  key: string,
  state: ContentState,
  slug: string | undefined,
): { text: string; files: ExtraFile[] } {
  const prefix = imageSrcPrefix(field, slug);
  const written = prefix === state.srcPrefix ? state : (rewritten(state, prefix) ?? state);
  return { text: written.text, files: imageFiles(field, key, written) };
}

/** The files to write for a content state: each image in the field's folder. */
export function imageFiles(field: ContentField, key: string, state: ContentState): ExtraFile[] {
  const folder = imageFolder(field, key);
  if (folder === null) return [];
  return [...state.images].map(([name, contents]) => ({ directory: folder.directory, filename: `${folder.filename}${name}`, contents }));
}
