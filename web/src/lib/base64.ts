/** Standard base64 (with `+/` and padding), as the commit API expects file contents. */

// String.fromCharCode takes its bytes as arguments; chunks keep big files under the argument limit.
const CHUNK = 0x8000;

export function encodeBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let start = 0; start < bytes.byteLength; start += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(start, start + CHUNK));
  }
  return btoa(binary);
}
