/** Reading a picked or dropped file into an asset field's state. */
import { isImageExtension } from '../../lib/imagePreview';
import { extensionOf } from '../extraFiles';
import type { AssetState } from './schema';

/** The file's bytes; its extension comes from its name, else from its media type (`image/png`). */
export async function readUpload(file: File): Promise<AssetState> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const extension = extensionOf(file.name) || (/^image\/([a-z0-9]+)$/.exec(file.type)?.[1] ?? '');
  return { filename: file.name, extension, bytes };
}


/** Whether a picked file is one an image field takes. */
export function isImageFile(file: File): boolean {
  return file.type.startsWith('image/') || isImageExtension(extensionOf(file.name));
}
