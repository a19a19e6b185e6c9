/**
 * What pasting into an image URL input means: JSON with `src` (and `alt`, `width`, `height`), a
 * Markdown image (`![alt](src "title")`), or a bare http(s) URL. Anything else pastes as text.
 */
import type { CloudImageState } from './schema';

export type PastedImage = Partial<CloudImageState> & { src: string };

export function parsePastedImage(text: string): PastedImage | null {
  const trimmed = text.trim();
  return fromJson(trimmed) ?? fromMarkdown(trimmed) ?? fromUrl(trimmed);
}

function fromJson(text: string): PastedImage | null {
  if (!text.startsWith('{')) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { src, alt, width, height } = value as Record<string, unknown>;
  if (typeof src !== 'string' || src === '') return null;
  const image: PastedImage = { src };
  if (typeof alt === 'string') image.alt = alt;
  if (typeof width === 'number' && Number.isFinite(width)) image.width = Math.round(width);
  if (typeof height === 'number' && Number.isFinite(height)) image.height = Math.round(height);
  return image;
}

function fromMarkdown(text: string): PastedImage | null {
  const match = /^!\[([^\]]*)\]\(\s*<?([^\s>]+)>?(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)$/.exec(text);
  return match ? { src: match[2]!, alt: match[1]! } : null;
}

function fromUrl(text: string): PastedImage | null {
  return /^https?:\/\/\S+$/.test(text) && URL.canParse(text) ? { src: text } : null;
}
