/**
 * The image dialog's File name: the name without its extension is edited, the extension stays as
 * the file has it (shown as a suffix), since the bytes are still of that type.
 */
import { et } from '../messages';

/** `photo.final.png` → `photo.final` and `.png`; a name without a dot has no extension. */
export function splitFilename(filename: string): { base: string; extension: string } {
  const dot = filename.lastIndexOf('.');
  return dot <= 0 ? { base: filename, extension: '' } : { base: filename.slice(0, dot), extension: filename.slice(dot) };
}

/** Why a name cannot be used, or null: a name is required, and spaces alone are no name. */
export function fileNameError(base: string): string | null {
  return base.trim() === '' ? et('image.filenameRequired') : null;
}
