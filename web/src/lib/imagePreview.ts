/**
 * Pictures of image bytes for the admin to show. A preview is a `blob:` URL, which a person can open
 * in a tab of its own, where it runs as a document of the admin's origin. An SVG (which may hold
 * script) is therefore never shown as itself: it is drawn, as an image (where no script runs), onto
 * a canvas, and the PNG of that drawing is what the page shows.
 */

const mediaTypes: Record<string, string> = {
  apng: 'image/apng',
  avif: 'image/avif',
  gif: 'image/gif',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  png: 'image/png',
  svg: 'image/svg+xml',
  webp: 'image/webp',
};

/**
 * Whether an extension (`png`, any case) names an image kind the admin shows and the server takes
 * as an image (crates/content/src/image_bytes.rs keeps the same list).
 */
export function isImageExtension(extension: string): boolean {
  return extension.toLowerCase() in mediaTypes;
}

/** A file name's extension without its dot (`png`), or '' when it has none. */
export function nameExtension(name: string): string {
  return /\.([^./]+)$/.exec(name)?.[1] ?? '';
}

/** What an image picker offers: the image kinds the server takes, by extension. */
export const imagePickerAccept = Object.keys(mediaTypes)
  .map((extension) => `.${extension}`)
  .join(',');

/** The longest side of an SVG's drawing, in pixels. */
const MAX_SIDE = 2048;

/**
 * A `blob:` URL showing `bytes` (an image whose name ends in `.extension`), or null when they are
 * no image the browser can draw. The caller revokes the URL when it is done with it.
 */
export async function imagePreviewUrl(bytes: Uint8Array, extension: string): Promise<string | null> {
  const type = mediaTypes[extension.toLowerCase()] ?? 'application/octet-stream';
  const blob = new Blob([bytes as BlobPart], { type });
  if (type !== 'image/svg+xml') return URL.createObjectURL(blob);
  const source = URL.createObjectURL(blob);
  try {
    const image = new Image();
    image.src = source;
    await image.decode();
    const width = image.naturalWidth || 300;
    const height = image.naturalHeight || 150;
    // Drawn at twice its size (within bounds) so that it stays sharp on fine screens.
    const scale = Math.min(2, MAX_SIDE / Math.max(width, height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(width * scale));
    canvas.height = Math.max(1, Math.round(height * scale));
    canvas.getContext('2d')?.drawImage(image, 0, 0, canvas.width, canvas.height);
    const png = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    return png === null ? null : URL.createObjectURL(png);
  } catch {
    return null;
  } finally {
    URL.revokeObjectURL(source);
  }
}
