/**
 * The system clipboard through the asynchronous Clipboard API. Reading needs the user's permission;
 * a refusal is told apart from other failures, since the spec words them differently.
 */
import type { ClipboardPayload } from './entryPayload';

/** What a clipboard item offers, in the order to try: its HTML, then its plain text. */
export type ClipboardCandidate = { kind: 'html'; html: string } | { kind: 'plain'; bytes: Uint8Array };

export type ClipboardRead = { kind: 'read'; candidates: ClipboardCandidate[] } | { kind: 'denied' } | { kind: 'failed' };

export async function writeClipboard(payload: ClipboardPayload): Promise<void> {
  await navigator.clipboard.write([
    new ClipboardItem({
      'text/plain': new Blob([payload.plain], { type: 'text/plain' }),
      'text/html': new Blob([payload.html], { type: 'text/html' }),
    }),
  ]);
}

export async function readClipboard(): Promise<ClipboardRead> {
  let items: ClipboardItem[];
  try {
    items = await navigator.clipboard.read();
  } catch (error) {
    return error instanceof DOMException && error.name === 'NotAllowedError' ? { kind: 'denied' } : { kind: 'failed' };
  }
  try {
    const candidates: ClipboardCandidate[] = [];
    for (const item of items) {
      if (item.types.includes('text/html')) candidates.push({ kind: 'html', html: await (await item.getType('text/html')).text() });
      if (item.types.includes('text/plain')) {
        candidates.push({ kind: 'plain', bytes: new Uint8Array(await (await item.getType('text/plain')).arrayBuffer()) });
      }
    }
    return { kind: 'read', candidates };
  } catch {
    return { kind: 'failed' };
  }
}
