/** Reading a picked or dropped file into an asset field's state. */
import { isImageExtension } from '../../lib/imagePreview';
import { extensionOf } from '../extraFiles';
import type { AssetState } from './schema';

/** The file's bytes; its extension comes from its name, else from its media type (`image/png`). */
export async function readUpload(file: File): Promise<AssetState> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  return { filename: file.name, extension: uploadExtension(file), bytes };
}

function uploadExtension(file: File): string {
  return extensionOf(file.name) || (/^image\/([a-z0-9]+)$/.exec(file.type)?.[1] ?? '');
}

/** Whether a picked file is one an image field takes: one of the image kinds the server takes. */
export function isImageFile(file: File): boolean {
  return isImageExtension(uploadExtension(file));
}
