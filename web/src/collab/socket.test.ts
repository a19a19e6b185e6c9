import { describe, expect, it } from 'vitest';
import { CHUNK_SIZE, chunked, decodeFrame, encodeFrame, reconnectDelay } from './socket';

describe('the collaboration socket', () => {
  it('reconnects after 1200 ms times a doubling factor, at most 2500 ms', () => {
    expect([0, 1, 2, 3].map(reconnectDelay)).toEqual([1200, 2400, 2500, 2500]);
  });

  it('names the room in each frame', () => {
    const frame = encodeFrame('entry:main:collection/posts/item/héllo', new Uint8Array([0, 1, 2]));
    const { room, message } = decodeFrame(frame);
    expect(room).toBe('entry:main:collection/posts/item/héllo');
    expect([...message]).toEqual([0, 1, 2]);
  });

  it('splits frames over 1,000,000 bytes into chunks after a count', () => {
    const frame = new Uint8Array(2 * CHUNK_SIZE + 5).map((_, i) => i % 7);
    const parts = chunked(frame);
    expect(parts[0]).toBe(JSON.stringify({ type: 'chunks', count: 3 }));
    const chunks = parts.slice(1) as Uint8Array[];
    expect(chunks.map((chunk) => chunk.byteLength)).toEqual([CHUNK_SIZE, CHUNK_SIZE, 5]);
    expect(chunked(new Uint8Array(CHUNK_SIZE))).toHaveLength(1);
  });
});
