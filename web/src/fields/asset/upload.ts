/** Reading a picked or dropped file into an asset field's state, and showing bytes as an image. */
import { extensionOf } from '../extraFiles';
import type { AssetState } from './schema';

/** The file's bytes; its extension comes from its name, else from its media type (`image/png`). */
export async function readUpload(file: File): Promise<AssetState> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const extension = extensionOf(file.name) || (/^image\/([a-z0-9]+)$/.exec(file.type)?.[1] ?? '');
  return { filename: file.name, extension, bytes };
}

const imageTypes: Record<string, string> = {
  apng: 'image/apng',
  avif: 'image/avif',
  gif: 'image/gif',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  png: 'image/png',
  svg: 'image/svg+xml',
  webp: 'image/webp',
};

/** The media type to show bytes as an image with (SVG needs its own to render), by extension. */
export function imageType(extension: string): string {
  return imageTypes[extension.toLowerCase()] ?? 'application/octet-stream';
}

/** Whether a picked file is one an image field takes. */
export function isImageFile(file: File): boolean {
  return file.type.startsWith('image/') || extensionOf(file.name).toLowerCase() in imageTypes;
}
