/**
 * Files an entry consists of besides its data file, named by the fields that own them: uploaded
 * assets (file and image fields). Where they land depends on the entry (see entry/place.ts).
 */

/**
 * A file by its owner's terms: `directory` is the field's configured folder (null: the entry's own
 * folder), `filename` the path below it (`heroImage.png`, `gallery/0/image.jpg`).
 */
export type FileRef = { directory: string | null; filename: string };

export type ExtraFile = FileRef & { contents: Uint8Array };

/** The name's extension without its dot (`png`), or '' when it has none. */
export function extensionOf(name: string): string {
  return /\.([^./]+)$/.exec(name)?.[1] ?? '';
}

/** What of a folder's files a field reads: only images (a content field's images), or every file. */
export type FolderAccept = 'images' | 'files';
