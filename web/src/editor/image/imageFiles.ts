/**
 * Image files as the editor meets them: chosen in a file picker, pasted or dropped, and shown from
 * their bytes. No network is involved: the bytes travel in the document until the entry is saved.
 */

import { imagePickerAccept, isImageExtension, nameExtension } from '../../lib/imagePreview';

/** A file to put into the document: its name (kept as it was uploaded) and its bytes. */
export type ImageFile = { filename: string; bytes: Uint8Array };

export async function readImageFile(file: File): Promise<ImageFile> {
  return { filename: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
}

/**
 * Only the first image of a paste or drop goes in, as in Keystatic; other files (and images of kinds
 * the server does not take as images, such as BMP) are not ours.
 */
export function firstImage(files: FileList | null | undefined): File | null {
  return [...(files ?? [])].find((file) => isImageExtension(nameExtension(file.name))) ?? null;
}

/** Opens the browser's file picker for one image; resolves with the file, or null when none was chosen. */
export function pickImageFile(): Promise<File | null> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = imagePickerAccept;
    input.addEventListener('change', () => resolve(input.files?.[0] ?? null));
    input.addEventListener('cancel', () => resolve(null));
    input.click();
  });
}
