/**
 * What the cloud's image library page and the admin's library picker share: an image's address as
 * the cloud transforms it, and the images of several pages each once.
 */

/** The address of an image's `src` as the cloud transforms it: `params` such as `w`, `h` and `fit`. */
export function transformedImage(src: string, params: Record<string, string>): string {
  return `${src}${src.includes('?') ? '&' : '?'}${new URLSearchParams(params)}`;
}

/** Each image once, the first time it comes (one uploaded meanwhile moves the pages after it). */
export function uniqueImages<Image extends { id: string }>(images: Image[]): Image[] {
  const seen = new Set<string>();
  return images.filter((image) => !seen.has(image.id) && seen.add(image.id));
}
