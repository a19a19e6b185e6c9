/**
 * The cloud's images, asked through the site's own server, which relays each call to the cloud with
 * the person's sealed token (the page never holds one): uploading a file, looking up an image by its
 * address, and the project's image library. Not through `send` (client.ts): a 401 here is the cloud
 * refusing an image call, not the admin's sign-in running out, so it must not sign the admin out.
 * Failures carry the exact words to show (`CloudImageError`).
 */
import { t } from '../lib/messages/format';
import { API_BASE } from './client';
import { parseErrorBody } from './error';

/** What the cloud answers for an uploaded image. */
export type UploadedCloudImage = { src: string; width: number; height: number };

/** What the cloud knows of one of the project's images, looked up by its address. */
export type CloudImageData = { src: string; alt: string; width: number; height: number };

/** An image of the project's library; `size` in bytes, `createdAt` in Unix milliseconds. */
export type LibraryImage = {
  id: string;
  src: string;
  name: string;
  alt: string;
  width: number;
  height: number;
  size: number;
  createdAt: number;
};

/** A page of the library, newest first, and how many images the search finds in all. */
export type LibraryPage = { images: LibraryImage[]; total: number };

/** Which images of the library: those whose name or alt text holds `q`, from `offset`, `limit` of them. */
export type LibraryQuery = { q: string; offset: number; limit: number };

/** A failed image call; its message is the one to show the person. */
export class CloudImageError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'CloudImageError';
    this.status = status;
  }
}

/**
 * Sends `file`'s bytes as they are, telling `onProgress` the part sent so far (0 to 1). An
 * XMLHttpRequest, since fetch says nothing of an upload's progress.
 */
export function uploadCloudImage(file: File, onProgress?: (sent: number) => void): Promise<UploadedCloudImage> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${API_BASE}/cloud/image?name=${encodeURIComponent(file.name)}`);
    request.setRequestHeader('no-cors', '1');
    request.setRequestHeader('content-type', 'application/octet-stream');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status < 200 || request.status >= 300) {
        reject(uploadFailure(request.status, request.statusText, request.responseText));
        return;
      }
      const uploaded = uploadedImage(parseJson(request.responseText));
      if (uploaded === null) reject(new CloudImageError(request.status, t('cloudImage.unexpected')));
      else resolve(uploaded);
    };
    const unanswered = () => reject(new CloudImageError(0, t('cloudImage.uploadFailed', { message: t('error.network') })));
    request.onerror = unanswered;
    request.onabort = unanswered;
    request.send(file);
  });
}

/**
 * What the cloud knows of the image at `url`; null when it is not one of the project's images, or
 * the cloud could not say (the address is then kept as it was pasted, so nothing fails loudly).
 */
export async function lookUpCloudImage(url: string): Promise<CloudImageData | null> {
  try {
    const response = await fetch(`${API_BASE}/cloud/image?${new URLSearchParams({ url })}`, { headers: { 'no-cors': '1' } });
    return response.ok ? imageData(parseJson(await response.text())) : null;
  } catch {
    return null;
  }
}

/** A page of the project's image library. */
export async function fetchCloudImages(query: LibraryQuery): Promise<LibraryPage> {
  const params = new URLSearchParams({ q: query.q, offset: String(query.offset), limit: String(query.limit) });
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/cloud/images?${params}`, { headers: { 'no-cors': '1' } });
  } catch {
    throw new CloudImageError(0, t('error.network'));
  }
  const text = await response.text();
  if (!response.ok) throw new CloudImageError(response.status, serverText(response.status, response.statusText, text));
  const page = libraryPage(parseJson(text));
  if (page === null) throw new CloudImageError(response.status, t('cloudImage.unexpected'));
  return page;
}

function uploadFailure(status: number, statusText: string, body: string): CloudImageError {
  // The relay answers 401 when the person's sign-in to the cloud is gone.
  if (status === 401) return new CloudImageError(status, t('cloudImage.signedOut'));
  return new CloudImageError(status, t('cloudImage.uploadFailed', { message: serverText(status, statusText, body) }));
}

/** The server's words: the message of an error body `{ code, message }`, else its text, else the status. */
function serverText(status: number, statusText: string, body: string): string {
  return parseErrorBody(body)?.message ?? (body.trim() || `${status} ${statusText}`.trim());
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isDimension = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function uploadedImage(value: unknown): UploadedCloudImage | null {
  if (!isRecord(value) || typeof value.src !== 'string' || !isDimension(value.width) || !isDimension(value.height)) return null;
  return { src: value.src, width: value.width, height: value.height };
}

function imageData(value: unknown): CloudImageData | null {
  const uploaded = uploadedImage(value);
  if (uploaded === null || !isRecord(value)) return null;
  return { ...uploaded, alt: typeof value.alt === 'string' ? value.alt : '' };
}

function libraryPage(value: unknown): LibraryPage | null {
  if (!isRecord(value) || !Array.isArray(value.images) || typeof value.total !== 'number') return null;
  const images = value.images.filter(
    (image): image is LibraryImage =>
      isRecord(image) && typeof image.id === 'string' && typeof image.src === 'string' && typeof image.name === 'string' && isDimension(image.width) && isDimension(image.height),
  );
  return { images: images.map((image) => ({ ...image, alt: typeof image.alt === 'string' ? image.alt : '' })), total: value.total };
}
