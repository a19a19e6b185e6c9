/** Git blob ids, the SHA-1 of `blob <byte length>\0<bytes>`: what the tree reports for every file. */

const encoder = new TextEncoder();

/** The git blob SHA-1 of `bytes`, as 40 lowercase hex digits. */
export async function gitBlobSha(bytes: Uint8Array): Promise<string> {
  const header = encoder.encode(`blob ${bytes.byteLength}\0`);
  const buffer = new Uint8Array(header.byteLength + bytes.byteLength);
  buffer.set(header, 0);
  buffer.set(bytes, header.byteLength);
  const digest = await crypto.subtle.digest('SHA-1', buffer);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
