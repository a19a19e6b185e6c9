/**
 * Standard base64 (with `+/` and padding), as the commit API expects file contents; and the URL-safe
 * form without padding that Keystatic's clipboard entries carry.
 */

// String.fromCharCode takes its bytes as arguments; chunks keep big files under the argument limit.
const CHUNK = 0x8000;

export function encodeBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let start = 0; start < bytes.byteLength; start += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(start, start + CHUNK));
  }
  return btoa(binary);
}

export function encodeBase64Url(bytes: Uint8Array): string {
  return encodeBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Reads URL-safe or standard base64, padded or not; throws on anything else. */
export function decodeBase64Url(text: string): Uint8Array {
  const standard = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(standard.padEnd(Math.ceil(standard.length / 4) * 4, '='));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}
