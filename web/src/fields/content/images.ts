/**
 * Images written into a markdoc or mdx field live in files of their own, where Keystatic puts them
 * (keystatic-formats.md §2.6): without `options.image.directory` in `<entry dir>/<field key>/`, with
 * it in `<directory>/<slug>/`. The field's state carries the files of that folder beside the text,
 * so that the editor can show them and a save writes them through the asset files' mechanism.
 */
import type { ContentField } from '../../api/config';
import { readEditorOptions } from '../../editor/options';
import { fixPath } from '../../lib/entryPaths';
import { srcPrefix } from '../asset/schema';
import type { ExtraFile, FileRef } from '../extraFiles';

/**
 * A content field's state: the text to store, the image files by name below the image folder (at
 * open: every file there; after an edit: the files the document shows), and what the text writes
 * before a file's name in an image's `src`.
 */
export type ContentState = { text: string; images: ReadonlyMap<string, Uint8Array>; srcPrefix: string };

/** Text as stored when no image is known (a new entry, text from elsewhere). */
export function textOnly(text: string): ContentState {
  return { text, images: new Map(), srcPrefix: '' };
}

/** The folder of the field's images (`filename` ends with `/` or is empty), or null when images are off. */
export function imageFolder(field: ContentField, key: string): FileRef | null {
  const image = readEditorOptions((field as { options?: unknown }).options).image;
  if (image === null) return null;
  if (image.directory === null) return { directory: null, filename: `${key}/` };
  return { directory: fixPath(image.directory), filename: '' };
}

/** The state of stored `text` whose folder holds `files`; `slug` is the collection entry's. */
export function readContent(
  field: ContentField,
  text: string,
  files: ReadonlyMap<string, Uint8Array>,
  slug: string | undefined,
): ContentState {
  const image = readEditorOptions((field as { options?: unknown }).options).image;
  // Beside the content the `src` is the bare name; in a directory it follows the publicPath rules.
  const prefix = image?.directory == null ? '' : srcPrefix(image.publicPath, slug);
  return { text, images: files, srcPrefix: prefix };
}

/** The files to write for a content state: each image in the field's folder. */
export function imageFiles(field: ContentField, key: string, state: ContentState): ExtraFile[] {
  const folder = imageFolder(field, key);
  if (folder === null) return [];
  return [...state.images].map(([name, contents]) => ({ directory: folder.directory, filename: `${folder.filename}${name}`, contents }));
}
