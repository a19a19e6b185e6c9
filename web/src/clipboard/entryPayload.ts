/**
 * An entry on the clipboard, as Keystatic puts it there: an HTML `pre` element whose
 * `data-keystatic-entry` attribute holds the slug and every file (URL-safe base64, paths relative to
 * the slug), and whose text, like the plain-text flavour, is the entry's data file.
 */
import { decodeBase64Url, encodeBase64Url } from '../lib/base64';

export type ClipboardEntry = { slug: string | undefined; files: Map<string, Uint8Array> };

export type ClipboardPayload = { html: string; plain: string };

const decoder = new TextDecoder();

/** `dataPath` names the data file among `entry.files`, which becomes the readable text. */
export function entryPayload(entry: ClipboardEntry, dataPath: string): ClipboardPayload {
  const data = entry.files.get(dataPath);
  if (data === undefined) throw new Error('No main entry file found');
  const attribute = JSON.stringify({
    ...(entry.slug === undefined ? {} : { slug: entry.slug }),
    files: Object.fromEntries([...entry.files].map(([path, bytes]) => [path, encodeBase64Url(bytes)])),
  });
  const plain = decoder.decode(data);
  return { html: `<pre data-keystatic-entry="${escapeHtml(attribute)}">${escapeHtml(plain)}</pre>`, plain };
}

/** The entry carried by copied HTML, or null when the HTML holds none. */
export function entryFromHtml(html: string): ClipboardEntry | null {
  const pre = new DOMParser().parseFromString(html, 'text/html').querySelector('pre');
  const attribute = pre?.dataset.keystaticEntry;
  if (attribute === undefined) return null;
  try {
    const value: unknown = JSON.parse(attribute);
    if (typeof value !== 'object' || value === null) return null;
    const { slug, files } = value as Record<string, unknown>;
    if ((slug !== undefined && typeof slug !== 'string') || typeof files !== 'object' || files === null) return null;
    const decoded = new Map<string, Uint8Array>();
    for (const [path, text] of Object.entries(files)) {
      if (typeof text !== 'string') return null;
      decoded.set(path, decodeBase64Url(text));
    }
    return { slug, files: decoded };
  } catch {
    // Not JSON, or not base64: some other page's pre element.
    return null;
  }
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
